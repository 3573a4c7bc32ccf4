import { createZodDto } from '../common/zod-dto';
import {
  inboxGiftBody,
  inboxPhotoBody,
  libraryPhotoParam,
  nextConversationResponse,
  operatorGiftsResponse,
  operatorReviewQuery,
  operatorReviewResponse,
  operatorsResponse,
  partnerLibraryResponse,
} from '@app/contract';

export class PartnerLibraryResponseDto extends createZodDto(partnerLibraryResponse) {}
export class LibraryPhotoParam extends createZodDto(libraryPhotoParam) {}
export class InboxPhotoBody extends createZodDto(inboxPhotoBody) {}
export class InboxGiftBody extends createZodDto(inboxGiftBody) {}
export class OperatorGiftsResponseDto extends createZodDto(operatorGiftsResponse) {}
export class NextConversationResponseDto extends createZodDto(nextConversationResponse) {}
export class OperatorReviewQueryDto extends createZodDto(operatorReviewQuery) {}
export class OperatorsResponseDto extends createZodDto(operatorsResponse) {}
export class OperatorReviewResponseDto extends createZodDto(operatorReviewResponse) {}
