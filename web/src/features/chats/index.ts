/**
 * The chats feature's public API: the conversation list (the chat layout's side column) and
 * the modals other features open when a paid or premium action is refused. The router loads its
 * pages through pages/index.ts.
 */
export { ConversationList } from './components/ConversationList';
export { InsufficientCreditsModal, PremiumOnlyModal } from './components/ChatModals';
