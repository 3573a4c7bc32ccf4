/**
 * The installable app (issue 20, point 5): the browser finds the site installable, the service
 * worker starts it without a network and shows the offline page, and a new version waiting is
 * offered by the update prompt.
 *
 * Installability: Lighthouse 12 removed its PWA category and with it the `installable-manifest`
 * audit (the npm `lighthouse` package, now 13, has no audit that checks installability). That
 * audit read Chromium's own verdict through the DevTools Protocol, `Page.getInstallabilityErrors`;
 * this journey asks Chromium the same question through a CDP session.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { DeploymentProxy } from './deployment-proxy.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Waits until the service worker is active and controls the page. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`the installable app on a ${viewport.name}`, () => {
    // the installable app is its service worker (the journeys block it elsewhere)
    test.use({ viewport, serviceWorkers: 'allow' });

    test('Chromium finds the site installable, with a manifest of every icon size', async ({
      page,
    }) => {
      await page.goto('/');
      await serviceWorkerReady(page);
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const { errors, data } = (await cdp.send('Page.getAppManifest')) as {
        errors: unknown[];
        data: string;
      };
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data) as {
        start_url: string;
        display: string;
        icons: { sizes: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({ start_url: '/members', display: 'standalone' });
      // the installed app turns with the device (WCAG 1.3.4): no orientation is forced
      expect(manifest).not.toHaveProperty('orientation');
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
      expect(sizes).toEqual(
        expect.arrayContaining([
          '192x192 any',
          '512x512 any',
          '192x192 maskable',
          '512x512 maskable',
        ]),
      );
      // the service worker and the manifest are never served from a stale HTTP cache
      for (const file of ['/sw.js', '/manifest.webmanifest']) {
        const answer = await page.request.get(file);
        expect(answer.headers()['cache-control']).toBe('no-cache');
      }
    });

    test('with the network cut, the app starts from the service worker and shows the offline page, then the site once the network is back', async ({
      page,
      context,
    }) => {
      const member = await seedE2eMember({ name: 'Olga' });
      await enter(page, member);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await serviceWorkerReady(page);
      // member data never enters the service worker's caches
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      });
      expect(cached.length).toBeGreaterThan(10);
      expect(
        cached.filter((url) => /\/(api|media|socket\.io|admin)\//.test(new URL(url).pathname)),
      ).toEqual([]);

      await context.setOffline(true);
      await page.goto('/members');
      const offline = page.getByRole('heading', { name: 'Je bent offline' });
      await expect(offline).toBeVisible();
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `pwa-${name}-${viewport.name}.png`),
      );
      await scan('offline');

      await context.setOffline(false);
      await expect(offline).toBeHidden();
      await expect(page.getByRole('link', { name: /Vonkje/ })).toBeVisible();
      expect(problems).toEqual({});
    });

    test('a new version waiting is offered by the update prompt, and reloading switches to it', async ({
      browser,
    }) => {
      // the site through an address of its own, where this journey alone gets the new version
      const site = new DeploymentProxy(port);
      await site.start();
      const context = await browser.newContext({ viewport, baseURL: site.origin });
      try {
        const page = await context.newPage();
        const member = await seedE2eMember({ name: 'Uma' });
        await enter(page, member);
        await serviceWorkerReady(page);
        await expect(page.getByTestId('update-prompt')).toHaveCount(0);

        site.deploy();
        // the browser checks for a new worker on navigations and the app every hour: now
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.ready).update();
        });
        const prompt = page.getByTestId('update-prompt');
        await expect(prompt).toContainText('Er is een nieuwe versie beschikbaar');
        const { problems, scan } = scanner(page, (name) =>
          path.join(shots, `pwa-${name}-${viewport.name}.png`),
        );
        await scan('update-prompt');
        expect(problems).toEqual({});

        const waitingBefore = await page.evaluate(
          async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
        );
        expect(waitingBefore).toBe(true);
        const reloaded = page.waitForEvent('load');
        await prompt.getByRole('button', { name: 'Herladen' }).click();
        await reloaded;
        await expect(page.getByRole('link', { name: /Vonkje/ })).toBeVisible();
        await expect(page.getByTestId('update-prompt')).toHaveCount(0);
        const registration = await page.evaluate(async () => {
          const found = await navigator.serviceWorker.getRegistration();
          return { waiting: !!found?.waiting, active: found?.active?.state };
        });
        expect(registration).toEqual({ waiting: false, active: 'activated' });
      } finally {
        await context.close();
        await site.stop();
      }
    });
  });
}
