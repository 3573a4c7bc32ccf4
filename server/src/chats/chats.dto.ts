import { createZodDto } from '../common/zod-dto';
import {
  catchUpQuery,
  catchUpResponse,
  chatDeleteRequest,
  chatQuery,
  chatReadRequest,
  chatResponse,
  chatsResponse,
  giftsResponse,
  icebreakersResponse,
  sendMessageRequest,
  sendMessageResponse,
  sendPhotoFields,
} from '@app/contract';

export class ChatsResponseDto extends createZodDto(chatsResponse) {}
export class ChatQueryDto extends createZodDto(chatQuery) {}
export class ChatResponseDto extends createZodDto(chatResponse) {}
/**
 * Unions: used as `@Body(new ZodValidationPipe(...))` and `@ApiBody({ type })`. Named, or both
 * would be the OpenAPI schema `AugmentedZodDto` (the second one replacing the first).
 */
const named = <T extends object>(name: string, dto: T): T =>
  Object.defineProperty(dto, 'name', { value: name });
export const ChatDeleteBody = named('ChatDeleteBody', createZodDto(chatDeleteRequest));
export class ChatReadBody extends createZodDto(chatReadRequest) {}
export class CatchUpQueryDto extends createZodDto(catchUpQuery) {}
export class CatchUpResponseDto extends createZodDto(catchUpResponse) {}
export const SendMessageBody = named('SendMessageBody', createZodDto(sendMessageRequest));
export class SendPhotoFieldsDto extends createZodDto(sendPhotoFields) {}
export class SendMessageResponseDto extends createZodDto(sendMessageResponse) {}
export class GiftsResponseDto extends createZodDto(giftsResponse) {}
export class IcebreakersResponseDto extends createZodDto(icebreakersResponse) {}
