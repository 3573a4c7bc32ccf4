import { createZodDto } from '../common/zod-dto';
import {
  chatPartnerBody,
  idParam,
  chatPartnerResponse,
  chatPartnersResponse,
  inboxConversationResponse,
  inboxQuery,
  inboxReplyBody,
  inboxResponse,
  operatorNoteBody,
  operatorNotesResponse,
  operatorQueueResponse,
  operatorReplyRequest,
  operatorReplyResponse,
  replyTimesQuery,
  replyTimesResponse,
  vulnerableBody,
  vulnerableResponse,
} from '@app/contract';
import { z } from 'zod';

export class ChatPartnerBody extends createZodDto(chatPartnerBody) {}
export class ChatPartnerResponseDto extends createZodDto(chatPartnerResponse) {}
export class ChatPartnersResponseDto extends createZodDto(chatPartnersResponse) {}
export class InboxQueryDto extends createZodDto(inboxQuery) {}
export class InboxResponseDto extends createZodDto(inboxResponse) {}
export class InboxConversationResponseDto extends createZodDto(inboxConversationResponse) {}
export class InboxReplyBody extends createZodDto(inboxReplyBody) {}
export class InboxReplyResponseDto extends createZodDto(operatorReplyResponse) {}
export class OperatorNoteBody extends createZodDto(operatorNoteBody) {}
export class OperatorNotesResponseDto extends createZodDto(operatorNotesResponse) {}
export class VulnerableBody extends createZodDto(vulnerableBody) {}
export class VulnerableResponseDto extends createZodDto(vulnerableResponse) {}
export class ReplyTimesQueryDto extends createZodDto(replyTimesQuery) {}
export class ReplyTimesResponseDto extends createZodDto(replyTimesResponse) {}
/** The spec's operator-queue.php and operator-reply.php (operator-spec.controller.ts). */
export class OperatorQueueResponseDto extends createZodDto(operatorQueueResponse) {}
export class OperatorReplyBody extends createZodDto(operatorReplyRequest) {}
export class OperatorReplyResponseDto extends createZodDto(operatorReplyResponse) {}
export class IdParam extends createZodDto(idParam) {}
export class PhotoParam extends createZodDto(idParam.extend({ photo: idParam.shape.id })) {}
export type Id = z.infer<typeof idParam>;
