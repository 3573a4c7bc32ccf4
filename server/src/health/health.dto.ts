import { createZodDto } from 'nestjs-zod';
import { healthResponse } from '@app/contract';

export class HealthResponseDto extends createZodDto(healthResponse) {}
