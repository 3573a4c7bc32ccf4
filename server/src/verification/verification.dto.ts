import {
  ownVerificationResponse,
  verificationDecisionBody,
  verificationDecisionResponse,
  verificationIdParam,
  verificationNextBody,
  verificationNextResponse,
  verificationStatsResponse,
  verificationWithdrawBody,
  verificationWithdrawResponse,
} from '@app/contract';
import { createZodDto } from '../common/zod-dto';

export class OwnVerificationResponseDto extends createZodDto(ownVerificationResponse) {}
export class VerificationStatsResponseDto extends createZodDto(verificationStatsResponse) {}
export class VerificationNextBody extends createZodDto(verificationNextBody) {}
export class VerificationNextResponseDto extends createZodDto(verificationNextResponse) {}
export class VerificationDecisionBody extends createZodDto(verificationDecisionBody) {}
export class VerificationDecisionResponseDto extends createZodDto(verificationDecisionResponse) {}
export class VerificationIdParam extends createZodDto(verificationIdParam) {}
export class VerificationWithdrawBody extends createZodDto(verificationWithdrawBody) {}
export class VerificationWithdrawResponseDto extends createZodDto(verificationWithdrawResponse) {}
