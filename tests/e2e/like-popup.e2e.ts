/**
 * The like popup where ads land (SPEC point 2, popups; issue 34, item 2): a link with
 * `?t=<seconds>` opens it after that delay and `t` leaves the address at once, on every page such
 * a link can land on. The home page, the landers and the member landings come rendered by the
 * server to a visitor (web/src/public): there the popup's code loads only with `t`, so a visit
 * without it loads no more JavaScript than before (first-visit.e2e.ts counts it).
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { violations } from './axe.js';
import { entryWarning, passEntryWarning, skipEntryWarning } from './entry-warning.js';
import { seedE2eMember, type E2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The like popup (Dutch). */
const likePopup = (page: Page) => page.getByRole('dialog', { name: 'Iemand voor jou?' });

/** The scripts the page loads, from now on (the popup's chunk is public-like-popup-*.js). */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** The address as the browser shows it, from the path on. */
const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

/** Milliseconds since the page was opened, in the page. */
const sinceOpened = (page: Page) => page.evaluate(() => performance.now());

let member: E2eMember;
test.beforeAll(async () => {
  member = await seedE2eMember({
    name: 'Popje',
    country: 'NL',
    city: 'Utrecht',
    gender: 'female',
  });
});

test.describe('a visitor arriving with ?t=<seconds>', () => {
  // journeys about the popup start with the adults-only warning answered (its own journey below)
  test.beforeEach(async ({ context }) => skipEntryWarning(context));

  test('on the home page meets the like popup after the delay, without t in the address from the start', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const scripts = scriptsOf(page);
    await page.goto('/?t=2&ref=ad-home#start');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // t left at once: the rest of the address stays
    expect(addressOf(page)).toBe('/?ref=ad-home#start');
    const popup = likePopup(page);
    await expect(popup).toBeVisible();
    expect(await sinceOpened(page)).toBeGreaterThanOrEqual(2000);
    await expect(popup).toContainText(/\d+ jaar/);
    await expect(
      popup.getByRole('link', { name: 'Meld je gratis aan om te liken' }),
    ).toHaveAttribute('href', '/signup');
    await expect(popup.getByRole('link', { name: 'Ik heb al een account' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(scripts.some((url) => /\/assets\/public-like-popup-[\w-]+\.js$/.test(url))).toBe(true);
    // the home page's own script was not replaced by the app's
    expect(scripts.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(false);

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'like-popup-home-375.png') });
    await page.setViewportSize(DESKTOP);
    await expect(popup).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'like-popup-home-1280.png') });

    // "Niet nu" closes it, and a reload of the address (without t) does not bring it back
    await popup.getByRole('button', { name: 'Niet nu' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const again = scriptsOf(page);
    await page.reload({ waitUntil: 'networkidle' });
    expect(addressOf(page)).toBe('/?ref=ad-home#start');
    expect(again.some((url) => url.includes('like-popup'))).toBe(false);
    await expect(likePopup(page)).toHaveCount(0);
  });

  test('on a lander meets the like popup, and the lander keeps its tracking parameters', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/landers/video/zomer?network=ad-net&sub1=s1&t=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(addressOf(page)).toBe('/landers/video/zomer?network=ad-net&sub1=s1');
    const popup = likePopup(page);
    await expect(popup).toBeVisible();
    expect(await sinceOpened(page)).toBeGreaterThanOrEqual(1000);
    await expect(popup.getByRole('link', { name: 'Meld je gratis aan om te liken' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'like-popup-lander-1280.png') });
    // the landing's tracking data for a later signup, t not among it
    const tracking = await page.evaluate(() => window.sessionStorage.getItem('signup_tracking'));
    expect(JSON.parse(tracking ?? '{}')).toMatchObject({ network: 'ad-net', sub1: 's1' });
    // Escape closes it
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test("on a member's landing meets the like popup offering that member", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/members/${member.profileId}/landing2/herfst?t=0`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Begin een gesprek met Popje');
    expect(addressOf(page)).toBe(`/members/${member.profileId}/landing2/herfst`);
    const popup = likePopup(page);
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Popje');
    await expect(popup).toContainText('Utrecht');
    await expect(popup.getByRole('link', { name: 'Bekijk profiel' })).toHaveAttribute(
      'href',
      `/members/${member.profileId}`,
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'like-popup-member-landing-375.png') });
  });

  test('with a t that is no number of seconds loses it from the address and meets no popup', async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto('/landers/gallery?t=soon&ref=x', { waitUntil: 'networkidle' });
    expect(addressOf(page)).toBe('/landers/gallery?ref=x');
    await expect(likePopup(page)).toHaveCount(0);
    expect(scripts.some((url) => url.includes('like-popup'))).toBe(false);
  });
});

test.describe('a visitor arriving without t', () => {
  test.beforeEach(async ({ context }) => skipEntryWarning(context));

  for (const address of ['/', '/landers/video']) {
    test(`meets no like popup on ${address} and loads none of its code`, async ({ page }) => {
      const scripts = scriptsOf(page);
      await page.goto(address, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(likePopup(page)).toHaveCount(0);
      expect(scripts.some((url) => url.includes('like-popup'))).toBe(false);
    });
  }
});

test('a visitor from NL on a lander answers the adults-only warning first: the like popup waits for it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'cf-ipcountry': 'NL' },
  });
  const page = await context.newPage();
  try {
    const popupLoaded = page.waitForResponse((r) =>
      /\/assets\/public-like-popup-[\w-]+\.js$/.test(r.url()),
    );
    await page.goto('/landers/gallery?t=0');
    await expect(entryWarning(page)).toBeVisible();
    expect(addressOf(page)).toBe('/landers/gallery');
    // the popup's code and the page's texts are in and its time (0 s) has passed
    await popupLoaded;
    await page.waitForLoadState('networkidle');
    await expect(likePopup(page)).toHaveCount(0);
    await passEntryWarning(page);
    await expect(likePopup(page)).toBeVisible();
    expect(await violations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
