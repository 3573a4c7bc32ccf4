/**
 * The chats feature's public API: the conversation list (the chat layout's side column), the
 * modals other features open when a paid or premium action is refused, and the gift picker a
 * member's profile opens. The router loads its
 * pages through pages/index.ts.
 */
export { ConversationList } from './components/ConversationList';
export { InsufficientCreditsModal, PremiumOnlyModal } from './components/ChatModals';
export { GiftToMember } from './components/GiftToMember';
