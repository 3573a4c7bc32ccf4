/**
 * The members feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts. A member's card and photo are shared code
 * (web/src/components/member).
 */
export { BlockConfirmModal } from './components/profile/BlockConfirmModal';
