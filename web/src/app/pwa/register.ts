/**
 * Registers the service worker (production builds only; see main.tsx) with workbox-window.
 * registerType 'prompt': a new version installs in the background and then waits; the update
 * prompt offers to reload, which tells the waiting worker to take over and reloads the page once
 * it controls it. The browser looks for a new version on each navigation; open pages ask again
 * every UPDATE_CHECK_MS.
 */
import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-state';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  const apply = () => {
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  wb.addEventListener('waiting', () => offerUpdate(apply));
  void wb
    .register()
    .then((registration) => {
      if (registration)
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined);
}
