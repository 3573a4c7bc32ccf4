/**
 * The site-entry warning (issue 21, point 3; SPEC point 2, popups): a logged-out visitor from NL
 * or DE meets it once on a lander or a member's chat page, never again after answering it (a
 * reload included), and never in the installed app. The server reads the visitor's country from
 * the GeoIP header a trusted proxy adds (cf-ipcountry): the journeys' server trusts one proxy hop
 * (serve.mjs), so the browser stands in for that proxy.
 */
import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_ENTRY_SKIP_KEY } from '@app/contract';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { entryWarning, passEntryWarning } from './entry-warning.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** A visitor's browser as seen from `country`; `installed`: the site runs as an installed app. */
async function visitor(
  browser: Browser,
  country: string,
  options: BrowserContextOptions & { installed?: boolean } = {},
) {
  const { installed = false, ...contextOptions } = options;
  const context = await browser.newContext({
    ...contextOptions,
    extraHTTPHeaders: { 'cf-ipcountry': country },
  });
  if (installed) {
    // the installed app: (display-mode: standalone) matches, as it does in a launched PWA
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const answer = original(query);
        if (!/display-mode:\s*standalone/.test(query)) return answer;
        const standalone: MediaQueryList = {
          matches: true,
          media: query,
          onchange: null,
          addEventListener: answer.addEventListener.bind(answer),
          removeEventListener: answer.removeEventListener.bind(answer),
          addListener: answer.addListener.bind(answer),
          removeListener: answer.removeListener.bind(answer),
          dispatchEvent: answer.dispatchEvent.bind(answer),
        };
        return standalone;
      };
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/** The lander has rendered and the lazily loaded warning had its time to arrive. */
async function landerShown(page: import('@playwright/test').Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

// the flow runs once, at a desktop's width; the warning is scanned and photographed at both
// widths (375 and 1280 px)
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

/** A screen at a width: screenshots/site-entry-<name>-<phone|desktop>.png. */
const shot = (name: string, width: Width) =>
  path.join(shots, `site-entry-${name}-${width.name}.png`);

test.describe('the site-entry warning', () => {
  test('a visitor from NL meets it once on a lander, and not again after answering it', async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser, 'NL', { viewport });
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await page.goto('/landers/gallery');
    const dialog = entryWarning(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('alleen bedoeld voor bezoekers van 18 jaar en ouder');
    await expect(dialog.getByRole('button', { name: 'Ik ben 18+, ga verder' })).toBeFocused();
    await expect(
      dialog.getByRole('link', { name: 'Ik ben jonger dan 18, verlaat de site' }),
    ).toHaveAttribute('href', /^https:\/\//);
    // Escape is no answer
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await scan('lander');

    await passEntryWarning(page);
    const stored = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      SITE_ENTRY_SKIP_KEY,
    );
    expect(Number(stored)).toBeGreaterThan(Date.now() - 120_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.reload();
    await landerShown(page);
    await expect(entryWarning(page)).toHaveCount(0);
    await page.goto('/landers/video');
    await landerShown(page);
    await expect(entryWarning(page)).toHaveCount(0);
    expect(problems).toEqual({});
    await context.close();
  });

  test("a visitor from DE meets it on a member's landing page", async ({ browser }) => {
    // (a visitor who opens a member's chat page is sent to that member's signup page, in the
    // default layout: the chat layout's case is covered by the web tests)
    const member = await seedE2eMember({ name: 'Lotte' });
    const { context, page } = await visitor(browser, 'DE', { viewport });
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await page.goto(`/members/${member.profileId}/landing`);
    await expect(entryWarning(page)).toBeVisible();
    await scan('member-landing');
    await passEntryWarning(page);
    expect(problems).toEqual({});
    await context.close();
  });

  test('a visitor from the US and the installed app never meet it', async ({ browser }) => {
    const abroad = await visitor(browser, 'US', { viewport });
    await abroad.page.goto('/landers/gallery');
    await landerShown(abroad.page);
    await expect(entryWarning(abroad.page)).toHaveCount(0);
    await abroad.context.close();

    const app = await visitor(browser, 'NL', { viewport, installed: true });
    await app.page.goto('/landers/gallery');
    expect(
      await app.page.evaluate(() => window.matchMedia('(display-mode: standalone)').matches),
    ).toBe(true);
    await landerShown(app.page);
    await expect(entryWarning(app.page)).toHaveCount(0);
    await app.context.close();
  });
});

test("a lander's HTML brings the warning, painted with the page: it shows and is answered before the page's scripts have run, and a browser that answered it never sees it again", async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, 'NL', { viewport: { width: 375, height: 812 } });
  const html = await (await page.request.get('/landers/maplanding')).text();
  // rendered into the page, with the script that knows this browser's answer in the head
  expect(html).toMatch(/<div id="root">[\s\S]*data-testid="site-entry-warning"/);
  const check = /<script>([^<]+)<\/script>/.exec(html.slice(0, html.indexOf('</head>')))?.[1];
  expect(check).toContain(SITE_ENTRY_SKIP_KEY);
  // the one inline script the page's CSP allows, by its hash
  const csp = (await page.request.get('/landers/maplanding')).headers()['content-security-policy'];
  const hash = createHash('sha256')
    .update(check ?? '')
    .digest('base64');
  expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
  // the page's own scripts never run here: what shows is the server's rendering
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/landers/maplanding');
  const dialog = entryWarning(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('alleen bedoeld voor bezoekers van 18 jaar en ouder');
  await expect(page.locator('#root [data-testid="site-entry-warning"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Ik ben 18+, ga verder' }).click();
  await expect(dialog).toBeHidden();
  const stored = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    SITE_ENTRY_SKIP_KEY,
  );
  expect(Number(stored)).toBeGreaterThan(Date.now() - 120_000);
  // answered: hidden from the first paint on, the page's scripts or not
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(entryWarning(page)).toBeHidden();
  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await landerShown(page);
  await expect(entryWarning(page)).toHaveCount(0);

  // with its scripts, the page takes the rendered warning over where it stands: one dialog, the
  // focus on its button, the page around it inert
  const fresh = await visitor(browser, 'NL', { viewport: { width: 375, height: 812 } });
  await fresh.page.goto('/landers/maplanding');
  await expect(
    entryWarning(fresh.page).getByRole('button', { name: 'Ik ben 18+, ga verder' }),
  ).toBeFocused();
  await expect(entryWarning(fresh.page)).toHaveCount(1);
  await expect(fresh.page.locator('#main')).toHaveAttribute('inert', '');
  await expect(fresh.page.locator('#root [data-testid="site-entry-warning"]')).toHaveCount(1);
  await passEntryWarning(fresh.page);
  await expect(fresh.page.locator('#main')).not.toHaveAttribute('inert', '');
  await expect(fresh.page.locator('[inert]')).toHaveCount(0);
  await fresh.context.close();
  await context.close();
});
