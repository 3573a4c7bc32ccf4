/**
 * The members feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts. A member's card and photo are shared code
 * (web/src/components/member).
 */
export { BlockConfirmModal } from './components/profile/BlockConfirmModal';
// shared code now (components/member/MemberCard.tsx); chats still takes it from here until the
// chats rework of issue 23 imports it from there, then this line goes
export { MemberAvatar } from '../../components/member/MemberCard';
