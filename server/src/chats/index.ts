/**
 * The chats feature's public API: activation releases held messages (HeldMessagesService), the
 * operators' inbox replies as the chat pal (OperatorRepliesService).
 */
export { ChatsModule } from './chats.module';
export { HeldMessagesService } from './held-messages.service';
export { OperatorRepliesService } from './operator-replies.service';
