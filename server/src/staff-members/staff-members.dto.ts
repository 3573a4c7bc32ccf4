import { createZodDto } from '../common/zod-dto';
import {
  creditAdjustmentBody,
  creditAdjustmentResponse,
  endSessionsBody,
  endSessionsResponse,
  eraseBody,
  eraseResponse,
  idParam,
  memberSearchQuery,
  memberSearchResponse,
  paymentRefundBody,
  paymentRefundParams,
  paymentRefundResponse,
  reactivateBody,
  reactivateResponse,
  staffMemberPage,
} from '@app/contract';

export class MemberIdParam extends createZodDto(idParam) {}
export class MemberSearchQueryDto extends createZodDto(memberSearchQuery) {}
export class MemberSearchResponseDto extends createZodDto(memberSearchResponse) {}
export class StaffMemberPageDto extends createZodDto(staffMemberPage) {}
export class CreditAdjustmentBodyDto extends createZodDto(creditAdjustmentBody) {}
export class CreditAdjustmentResponseDto extends createZodDto(creditAdjustmentResponse) {}
export class EndSessionsBodyDto extends createZodDto(endSessionsBody) {}
export class EndSessionsResponseDto extends createZodDto(endSessionsResponse) {}
export class ReactivateBodyDto extends createZodDto(reactivateBody) {}
export class ReactivateResponseDto extends createZodDto(reactivateResponse) {}
export class EraseBodyDto extends createZodDto(eraseBody) {}
export class EraseResponseDto extends createZodDto(eraseResponse) {}
export class PaymentRefundParams extends createZodDto(paymentRefundParams) {}
export class PaymentRefundBodyDto extends createZodDto(paymentRefundBody) {}
export class PaymentRefundResponseDto extends createZodDto(paymentRefundResponse) {}
