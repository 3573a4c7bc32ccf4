/**
 * The push feature's public API: the push state (SPEC point 3), the default layout's push alert
 * and the push row of the notification preferences. The service worker (web/src/sw.ts) shows
 * the pushes; the shell passes what it reports on to recordPushMessage.
 */
export { PushAlert } from './components/PushAlert';
export { PushPreference } from './components/PushPreference';
export { usePush, type PushState } from './usePush';
export { leavePush, recordPushMessage, type PushSubscriptionValue } from './push-state';
