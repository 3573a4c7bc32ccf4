import { createZodDto } from '../common/zod-dto';
import { healthResponse, livenessResponse } from '@app/contract';

export class HealthResponseDto extends createZodDto(healthResponse) {}
export class LivenessResponseDto extends createZodDto(livenessResponse) {}
