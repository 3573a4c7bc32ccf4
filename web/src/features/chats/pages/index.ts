export { ChatsPage, ConversationPage } from './ChatPages';
