/** The chats feature's public API (activation releases held messages through SendsService). */
export { ChatsModule } from './chats.module';
export { SendsService } from './sends.service';
