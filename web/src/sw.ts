/// <reference lib="webworker" />
/**
 * The installed app's service worker (built by vite-plugin-pwa, strategy injectManifest, into
 * dist/sw.js). It
 * - precaches the shell (index.html), its script and style chunks, the language catalogues and
 *   the icons, and answers page navigations with that shell, so the app starts without the
 *   network; the shell shows its offline page when the server cannot be reached;
 * - never caches an answer of /api, /media, /socket.io or /admin: those carry personal data and
 *   go to the network untouched (no route matches them);
 * - shows pushes (PushPayload from the contract), sets the app badge, tells open tabs to reload
 *   chats and likes, and opens the right conversation when a notification is clicked;
 * - waits when a new version is installed until a tab asks it to take over (the update prompt:
 *   web/src/app/pwa), so a page never runs with chunks of two versions.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import type { PushPayload } from '@app/contract/api/push';
import { isPushPayload, notificationOptions, SW_MESSAGE } from './app/pwa/sw-protocol';

declare const self: ServiceWorkerGlobalScope;

/**
 * Paths the server answers itself: never the shell, never cached (see server/src/app.ts,
 * SERVER_PATHS, and server/src/site-pages: robots.txt, sitemap.xml and the redirects).
 */
const NOT_THE_SHELL = [
  /^\/api\//,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  /^\/callback\/?$/,
  /^\/pages\//,
  /^\/media\//,
  /^\/socket\.io\//,
  /^\/admin(\/|$)/,
  /^\/dev\//,
  /^\/sandbox\//,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// once active, this version serves the open tabs too (a first install, or after the prompt)
clientsClaim();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_SHELL }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGE.skipWaiting)
    void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPayload(event.data)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : '/chats';
  event.waitUntil(openPage(url));
});

function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const json: unknown = data?.json();
    return isPushPayload(json) ? json : null;
  } catch {
    return null;
  }
}

async function showPush(payload: PushPayload | null): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // open tabs reload chats and likes (SPEC point 4: a pushed message reloads chats and likes)
  for (const client of windows) client.postMessage({ type: SW_MESSAGE.push, payload });
  // a push must show a notification (userVisibleOnly); one that cannot be read shows the chats
  await self.registration.showNotification(
    payload?.title ?? self.location.hostname,
    notificationOptions(payload),
  );
  if (payload) await setBadge(payload.badge);
}

/** The app badge: unread messages plus new likes; errors are ignored (SPEC point 4). */
async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & {
    setAppBadge?: (contents?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    await (count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.());
  } catch {
    // ignored: the browser may refuse a badge outside an installed app
  }
}

/** Focuses an open tab of the site and has it show `url`, or opens a new one there. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    tab.postMessage({ type: SW_MESSAGE.navigate, url });
    await tab.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}
