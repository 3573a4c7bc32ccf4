/**
 * The members feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts.
 */
export { MemberAvatar, MemberCard } from './components/MemberCard';
export { MemberPage } from './pages/MemberPage';
export { BlockConfirmModal } from './components/profile/BlockConfirmModal';
