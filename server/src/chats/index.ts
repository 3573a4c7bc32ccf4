/**
 * The chats feature's public API: activation releases held messages (HeldMessagesService); the
 * operators' sends as the chat pal (OperatorRepliesService: a text, a library photo, a gift, each
 * an OperatorTurn for which staff-partners checked the hold and whose audit row is written in the
 * send's transaction); the newest message of a chat pal's conversations (PalNewestMessages, for
 * the spec's operator-queue.php); a chat partner's library photo processed as a chat photo
 * (ChatPhotos); the gift catalogue on offer (GiftsService).
 */
export { ChatsModule } from './chats.module';
export { HeldMessagesService } from './held-messages.service';
export { OperatorRepliesService } from './operator-replies.service';
export type { OperatorTurn } from './sending';
export { PalNewestMessages } from './pal-newest-messages';
export { ChatPhotos, type ChatPhoto } from './chat-photos';
export { GiftsService } from './gifts.service';
