/**
 * The likes feature's public API: what the shell and other features may use. The router loads
 * its pages through pages/index.ts.
 */
export { MatchModal } from './components/MatchModal';
export { LikePopup, LikePopupDialog, likePopupDelay } from './components/LikePopup';
export { likePopupPageMember, takeLikePopupDelay } from './like-popup-delay';
