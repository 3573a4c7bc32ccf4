export { ChatsPage, ChatPage, MemberChatPage } from './ChatPages';
