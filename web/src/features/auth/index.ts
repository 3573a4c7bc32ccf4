/**
 * The auth feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts.
 */
export { SignupForm } from './signup/SignupForm';
export { SignupLink, SignupModalProvider } from './signup/SignupLink';
export { ActivationReminder } from './components/ActivationReminder';
export { captureTracking, readTracking, useSignupsOpen } from './tracking';
export { useIsDesktop } from './useIsDesktop';
