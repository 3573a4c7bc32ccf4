import { createZodDto } from '../common/zod-dto';
import { endSessionRequest, sessionsResponse } from '@app/contract';

export class EndSessionBody extends createZodDto(endSessionRequest) {}
export class SessionsResponseDto extends createZodDto(sessionsResponse) {}
