/**
 * Web push end to end (issue 20, "Done when"): a member turns push on from the push alert, another
 * member writes to her while she has no socket connected, the site's worker sends a real web push
 * (RFC 8030, RFC 8291 encryption, RFC 8292 VAPID) to a push service, the push reaches her
 * browser's service worker, which shows the notification, sets the badge and has the open tab
 * reload chats and likes; clicking the notification opens the conversation in that tab.
 *
 * The bridge, and the one leg that is not real: Chromium's pushManager.subscribe() registers with
 * Google's push service (FCM), unreachable here (headless Chromium answers "Registration failed -
 * permission denied" even with the permission granted). So in this browser context only,
 * pushManager.subscribe() hands out a subscription of the local push service stand-in
 * (tests/support/push-service.ts: its endpoint, and a P-256 key and auth secret whose private half
 * the stand-in keeps, as the browser's push service would hold the browser's). Everything else is
 * the site's own: the app's subscribe code, POST /api/user.php?push=1, the notify worker, the
 * web-push encryption and VAPID signature, checked and decrypted by the stand-in, which then acts
 * as the push service's delivery channel: it hands the decrypted payload to this browser's
 * service worker through the DevTools Protocol (ServiceWorker.deliverPushMessage), which fires a
 * real `push` event there. The click is a `notificationclick` dispatched in the service worker
 * with the notification it showed (no protocol command clicks a notification).
 *
 * Headless shell denies notifications outright, so this journey runs in Debian's full Chromium
 * (headless), where permissions can be granted.
 */
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { enter, loggedInApi, sendText } from './members.js';
import { seedE2eMember } from './seed.js';
import { e2eDatabaseUrl, pushServicePort } from './seed-config.js';
import pg from 'pg';
import { PushService, type StandInSubscription } from '../support/push-service.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const site = `http://localhost:${port}`;
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

// the service worker is what shows a push (the journeys block it elsewhere)
test.use({
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  },
});
// one push service stand-in on the port the site accepts: the two screens take turns
test.describe.configure({ mode: 'serial' });

/**
 * The bridge's browser half: pushManager.subscribe() asks the stand-in (through the test) for a
 * subscription with the key the app passed; getSubscription() returns it from then on.
 */
async function bridgeSubscribe(context: BrowserContext, push: PushService): Promise<void> {
  await context.exposeBinding('standInSubscribe', (_source, applicationServerKey: string) =>
    push.subscribe({ applicationServerKey }),
  );
  await context.addInitScript(() => {
    const key = 'stand-in-push-subscription';
    const asSubscription = (json: StandInSubscription): PushSubscription =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          sessionStorage.removeItem(key);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const raw = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const base64url = btoa(String.fromCharCode(...raw))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const json = await (
        window as unknown as { standInSubscribe: (k: string) => Promise<StandInSubscription> }
      ).standInSubscribe(base64url);
      sessionStorage.setItem(key, JSON.stringify(json));
      return asSubscription(json);
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = sessionStorage.getItem(key);
      return stored ? asSubscription(JSON.parse(stored) as StandInSubscription) : null;
    };
  });
}

/** The bridge's delivery half: the push service hands a push to the browser's service worker. */
async function deliveryChannel(page: Page): Promise<(data: string) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (event: {
      registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
    }) => {
      for (const r of event.registrations)
        if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  return async (data: string) => {
    await expect.poll(() => registrations.get(`${site}/`)).toBeTruthy();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: site,
      registrationId: registrations.get(`${site}/`)!,
      data,
    });
  };
}

/** How many of the site's push subscriptions have this endpoint. */
async function storedSubscriptions(endpoint: string): Promise<number> {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = $1',
      [endpoint],
    );
    return rows[0].n;
  } finally {
    await db.end();
  }
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`on a ${viewport.name}, a member turns push on from the alert; a message sent to her arrives as a push shown by the service worker, the open tab reloads chats, and clicking it opens the conversation`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const push = await PushService.start({ port: pushServicePort() });
    const anna = await seedE2eMember({ name: 'Anna', age: 29 });
    const bram = await seedE2eMember({ name: 'Bram', credits: 200, paidUser: true, age: 33 });
    const context = await browser.newContext({ viewport, baseURL: site });
    try {
      await bridgeSubscribe(context, push);
      // no socket for Anna: the site pushes only to members without a connected socket (her
      // tab stays open and reloads by push, as the spec's 300 s polling leaves it to pushes)
      await context.routeWebSocket(/\/socket\.io\//, () => undefined);
      const page = await context.newPage();
      let chatsLoads = 0;
      page.on('response', (r) => {
        if (r.url().includes('/api/chats.php')) chatsLoads++;
      });
      await enter(page, anna);
      await page.evaluate(() => navigator.serviceWorker.ready);

      // the push alert: browser permission not decided yet
      const alert = page.getByRole('region', { name: 'Mis geen bericht meer' });
      await expect(alert).toBeVisible();
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `push-${name}-${viewport.name}.png`),
      );
      await scan('alert');
      await page.screenshot({ path: path.join(shots, `push-alert-top-${viewport.name}.png`) });
      // the member allows notifications when the browser asks
      await context.grantPermissions(['notifications'], { origin: site });
      await alert.getByRole('button', { name: 'Pushmeldingen aanzetten' }).click();
      await expect(alert).toBeHidden();
      const subscription = JSON.parse(
        (await page.evaluate(() => sessionStorage.getItem('stand-in-push-subscription')))!,
      ) as StandInSubscription;

      // the refresh schedule's first reload (5 s after load) is over: the next is 300 s away,
      // so a reload of chats from here on is the push's
      await expect.poll(() => chatsLoads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

      // Bram writes; the site's worker pushes it (encrypted, signed) to the push service
      const deliver = await deliveryChannel(page);
      const bramApi = await loggedInApi(site, bram);
      const message = await sendText(
        bramApi,
        { member: anna.profileId },
        'Hoi Anna, zin in koffie?',
      );
      const received = await push.waitFor((p) => p.endpoint === subscription.endpoint, 30_000);
      expect(received.vapid?.aud).toBe(push.origin);
      expect(received.json).toMatchObject({
        url: `/chats/${message.conversation_id}`,
        tag: `conv-${message.conversation_id}`,
        conversation_id: message.conversation_id,
        badge: 1,
      });

      // ... and hands it to Anna's service worker: it shows it and the open tab reloads chats
      const chatsReloaded = page.waitForResponse((r) => r.url().includes('/api/chats.php'));
      await deliver(received.body!.toString('utf8'));
      const chats = (await (await chatsReloaded).json()) as { unread_messages: number };
      expect(chats.unread_messages).toBe(1);
      const shown = await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      );
      expect(shown).toEqual([
        expect.objectContaining({
          tag: `conv-${message.conversation_id}`,
          title: expect.stringContaining('Bram'),
        }),
      ]);

      // a click on the notification opens the conversation in the open tab
      const [worker] = context.serviceWorkers();
      await worker.evaluate(async () => {
        // the worker's globals (the webworker lib is not in this project's types)
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        } & EventTarget;
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
      await expect(page).toHaveURL(new RegExp(`/chats/${message.conversation_id}$`));
      await expect(
        page
          .getByTestId('message-area')
          .getByTestId('message')
          .filter({ hasText: 'Hoi Anna, zin in koffie?' }),
      ).toBeVisible();
      await page.screenshot({ path: path.join(shots, `push-opened-${viewport.name}.png`) });
      const left = await page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      );
      expect(left).toBe(0);

      // the preferences page shows push on for this device; turning it off there ends the
      // subscription on the site too
      const stored = () => storedSubscriptions(subscription.endpoint);
      expect(await stored()).toBe(1);
      await page.goto('/notifications');
      const row = page.getByRole('region', { name: 'Pushmeldingen' });
      const toggle = row.getByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
      await expect(toggle).toBeChecked();
      await scan('preferences');
      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect.poll(stored).toBe(0);
      expect(problems).toEqual({});
      await bramApi.dispose();
    } finally {
      await context.close();
      await push.close();
    }
  });
}
