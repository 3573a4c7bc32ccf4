import { createZodDto } from '../common/zod-dto';
import {
  inboxGiftBody,
  inboxPhotoBody,
  libraryPhotoParam,
  nextConversationResponse,
  operatorGiftsResponse,
  partnerLibraryResponse,
} from '@app/contract';

export class PartnerLibraryResponseDto extends createZodDto(partnerLibraryResponse) {}
export class LibraryPhotoParam extends createZodDto(libraryPhotoParam) {}
export class InboxPhotoBody extends createZodDto(inboxPhotoBody) {}
export class InboxGiftBody extends createZodDto(inboxGiftBody) {}
export class OperatorGiftsResponseDto extends createZodDto(operatorGiftsResponse) {}
export class NextConversationResponseDto extends createZodDto(nextConversationResponse) {}
