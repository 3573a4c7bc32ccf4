/**
 * The operators' tools in the inbox and the partner editor (issue 38 item 5): the next
 * conversation, the partner's photo library and gifts sent as the partner (texts: messages.ts).
 */
export { toolMessages } from './messages';
export { ComposerExtras } from './ComposerExtras';
export { NextConversationButton } from './NextConversationButton';
export { PartnerLibrarySection } from './PartnerLibrarySection';
