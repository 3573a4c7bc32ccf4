/**
 * What the shell offers the public entry (web/src/public), the second shell that renders a
 * visitor's first pages on the server and takes them over with light scripts: the layouts those
 * pages sit in, the beacons they send, and the service worker's registration, fetched once the
 * page is in. The public entry uses the shell through this file only (the lint's boundary rule).
 */
export { DefaultLayout } from './layouts/DefaultLayout';
export { LanderLayout } from './layouts/LanderLayout';
export { usePageBounceLogging } from './page-bounce';
export { countVisit, useTrafficBounce } from './traffic-beacons';
export { registerServiceWorkerLater } from './pwa/register-later';
