/**
 * Registers the service worker with its code (workbox-window) fetched in a chunk of its own,
 * after the page's own scripts: both entries (the app's main.tsx, the public entry) call this.
 */
export const registerServiceWorkerLater = () =>
  import('./register').then(({ registerServiceWorker }) => registerServiceWorker());
