/**
 * The auth feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts. The signup form and the links and modal that
 * open it are shared code (web/src/components/signup), used by the shell and five features.
 */
export { ActivationReminder } from './components/ActivationReminder';
