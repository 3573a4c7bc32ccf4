/**
 * The consent feature's public API (issue 36 item 2): the re-acceptance screen the shell shows
 * a member with a legal document still to accept, the checkout's consent to immediate delivery,
 * and the account page's partner-sharing opt-in. Its texts are a lazily loaded namespace.
 */
export { ConsentGate } from './components/ConsentGate';
export { DeliveryConsentCheck } from './components/DeliveryConsentCheck';
export { PartnerSharingSection } from './components/PartnerSharingSection';
