/**
 * The chats feature's public API: activation releases held messages (HeldMessagesService), the
 * operators' inbox replies as the chat pal (OperatorRepliesService: a text, a library photo, a
 * gift, each an OperatorTurn: staff-partners checked the hold and writes its audit row in the
 * send's transaction) and processes a chat partner's library photo as a chat photo (ChatPhotos), and reads the
 * gift catalogue on offer (GiftsService).
 */
export { ChatsModule } from './chats.module';
export { HeldMessagesService } from './held-messages.service';
export { OperatorRepliesService } from './operator-replies.service';
export type { OperatorTurn } from './sending';
export { ChatPhotos, type ChatPhoto } from './chat-photos';
export { GiftsService } from './gifts.service';
