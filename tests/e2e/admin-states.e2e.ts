/**
 * The states around the data of two console screens, the site's settings and the staff
 * accounts, in a browser: while the answer is on its way (loading), when it holds nothing
 * (empty) and when the server fails (error, with a retry that then shows the screen). The API is
 * held back, emptied or failed with Playwright's routing. Each state is asserted by its visible
 * text, axe-scanned, and screenshotted at 375 and 1280 px into test-results/screens.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { staffApi } from './staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '..', '..', 'test-results', 'screens');
mkdirSync(shots, { recursive: true });

/** What the server answers when something breaks (its exception filter's 500). */
const failure = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({
    error: 'internal_error',
    message: 'Er is een fout opgetreden, probeer het later opnieuw.',
    correlation_id: '00000000-0000-4000-8000-000000000000',
  }),
};

const screens = [
  {
    name: 'settings',
    path: '/admin/settings',
    api: '**/api/staff/settings',
    heading: 'Instellingen',
    empty: { settings: {} },
    emptyText: 'Er zijn geen instellingen om te tonen.',
    /** Something only the loaded screen shows. */
    loaded: (page: Page) => page.getByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'staff',
    path: '/admin/staff',
    api: '**/api/staff/accounts',
    heading: 'Medewerkers',
    empty: { accounts: [] },
    emptyText: 'Er zijn nog geen medewerkers.',
    loaded: (page: Page) => page.getByText('Jij'),
  },
] as const;

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test(`the settings and staff accounts screens show loading, empty and error states`, async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context } = await staffApi(browser, ['admin'], {
    viewport: { width: viewport.width, height: viewport.height },
  });
  const page = await context.newPage();
  const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
    path.join(shots, `admin-${name}-${width.name}.png`),
  );

  for (const screen of screens) {
    const title = page.getByRole('heading', { name: screen.heading, level: 1 });

    // loading: the answer is held back until the state is seen
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(screen.api, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(screen.path);
    await expect(title).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Bezig met laden…' })).toBeVisible();
    await scan(`${screen.name}-loading`);
    release();
    await expect(screen.loaded(page)).toBeVisible();
    await page.unroute(screen.api);

    // empty: the server has nothing to show
    await page.route(screen.api, (route) => route.fulfill({ json: screen.empty }));
    await page.goto(screen.path);
    await expect(page.getByText(screen.emptyText)).toBeVisible();
    await expect(screen.loaded(page)).toHaveCount(0);
    await scan(`${screen.name}-empty`);
    await page.unroute(screen.api);

    // error: the server fails (the client retries a 5xx for about eight seconds first)
    let failing = true;
    await page.route(screen.api, (route) => (failing ? route.fulfill(failure) : route.continue()));
    await page.goto(screen.path);
    const alert = page.getByRole('alert').filter({ hasText: 'Er ging iets mis' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText('Er is een fout opgetreden, probeer het later opnieuw.');
    await scan(`${screen.name}-error`);
    failing = false;
    await alert.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(screen.loaded(page)).toBeVisible();
    await page.unroute(screen.api);
  }

  await context.close();
  expect(problems).toEqual({});
});
