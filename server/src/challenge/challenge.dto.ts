import { challengeResponse } from '@app/contract';
import { createZodDto } from '../common/zod-dto';

export class ChallengeResponseDto extends createZodDto(challengeResponse) {}
