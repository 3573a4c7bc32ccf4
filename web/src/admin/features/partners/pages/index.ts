export { InboxPage } from './InboxPage';
export { InboxConversationPage } from './InboxConversationPage';
export { PartnersPage } from './PartnersPage';
export { PartnerPage } from './PartnerPage';
