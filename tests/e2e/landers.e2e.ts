import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LANDERS } from '@app/contract';
import { violations } from './axe.js';
import { seedE2eMember, type E2eMember } from './seed.js';
import { e2eDatabaseUrl } from './seed-config.js';
import { fillSignup } from './signup.js';
import { skipEntryWarning } from './entry-warning.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

// journeys about the landers start with the adults-only warning answered (site-entry.e2e.ts
// is about the warning itself)
test.beforeEach(async ({ context }) => skipEntryWarning(context));

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const uniqueEmail = (tag: string) =>
  `lander.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

/** The stored tracking data of the account with this e-mail address. */
async function trackingOf(email: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT t.network, t.ref, t.sub1, t.lander, t.slug, t.landing_url
         FROM tracking_data t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [email],
    );
    return rows[0] ?? null;
  } finally {
    await client.end();
  }
}

/** Opens a lander and waits until its members are there (no placeholder left). */
async function openLander(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Looks at the page at a width: a full-page screenshot, and axe finds nothing serious. */
async function look(page: Page, name: string, width: number) {
  await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // lazy photos below the fold: scroll through once so the screenshot shows them
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(shots, `lander-${name}-${width}.png`), fullPage: true });
  expect(await violations(page), `${name} at ${width}px`).toEqual([]);
}

/**
 * Signs up from the page's call to action (the modal on a desktop, the signup page on a phone)
 * and checks the stored account's tracking data.
 */
async function signUpFromLander(
  page: Page,
  name: string,
  expected: { lander: string; slug: string | null; network: string },
) {
  const email = uniqueEmail(name);
  await page.getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  await fillSignup(page, email, 'Lander');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 20_000 });
  expect(await trackingOf(email)).toMatchObject({
    network: expected.network,
    ref: 'e2e-ref',
    sub1: 'e2e-sub1',
    lander: expected.lander,
    slug: expected.slug,
  });
}

let ip = 0;
/** Each journey its own client address: the signups per address and hour stay below the limit. */
async function asOwnVisitor(page: Page) {
  ip += 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.21.${process.pid % 250}.${ip}` });
}

test.describe('the landers', () => {
  LANDERS.forEach((name, i) => {
    test(`${name} shows real members at 375 and 1280 px and leads to a signup that keeps its tracking data`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await asOwnVisitor(page);
      // half the journeys sign up on a phone (the signup page), half on a desktop (the modal)
      const phone = i % 2 === 0;
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      const slug = `zomer-${i}`;
      await openLander(
        page,
        `/landers/${name}/${slug}?network=net-${name}&ref=e2e-ref&sub1=e2e-sub1`,
      );
      await look(page, name, 1280);
      await look(page, name, 375);
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      await signUpFromLander(page, name, { lander: name, slug, network: `net-${name}` });
    });
  });

  test('the swipe deck swipes by dragging and by the buttons, each swipe nudging to signup', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openLander(page, '/landers/tinderswipe');
    const card = page.getByTestId('swipe-card');
    const first = await card.textContent();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByRole('status')).toContainText('Meld je gratis aan en ontdek het');
    await expect(page.getByTestId('swipe-card')).not.toHaveText(first ?? '');
    await page.getByRole('button', { name: /overslaan$/ }).click();
    await expect(page.getByRole('status')).toContainText('Niet jouw type?');
    await page.screenshot({ path: path.join(shots, 'lander-tinderswipe-nudge-375.png') });
  });

  test('the video landers play their own video only when asked, muted', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openLander(page, '/landers/video');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', '/landers/hearts.webp');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.muted)).toBe(true);
    await page.getByRole('button', { name: 'Video afspelen' }).click();
    await expect(page.getByRole('button', { name: 'Video pauzeren' })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  });
});

test.describe('the member landings', () => {
  let member: E2eMember;
  let chatPal: E2eMember;
  test.beforeAll(async () => {
    member = await seedE2eMember({
      name: 'Landa',
      country: 'NL',
      city: 'Utrecht',
      gender: 'female',
    });
    chatPal = await seedE2eMember({
      name: 'Pallie',
      country: 'NL',
      city: 'Groningen',
      gender: 'female',
      fictional: true,
    });
  });

  const LANDINGS = [
    { path: 'landing', slug: null, heading: 'Maak kennis met Landa' },
    { path: 'landing2', slug: 'herfst', heading: 'Begin een gesprek met Landa' },
    { path: 'landing3', slug: 'winter', heading: 'Word jij de match van Landa?' },
  ] as const;

  LANDINGS.forEach((landing, i) => {
    test(`/members/{id}/${landing.path} shows the member at 375 and 1280 px and leads to a signup that keeps its tracking data`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await asOwnVisitor(page);
      const phone = i % 2 === 1;
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      const url = `/members/${member.profileId}/${landing.path}${landing.slug ? `/${landing.slug}` : ''}`;
      await openLander(page, `${url}?network=net-${landing.path}&ref=e2e-ref&sub1=e2e-sub1`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.heading);
      await look(page, `member-${landing.path}`, 1280);
      await look(page, `member-${landing.path}`, 375);
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      await signUpFromLander(page, landing.path, {
        lander: landing.path,
        slug: landing.slug,
        network: `net-${landing.path}`,
      });
    });
  });

  test('a fictional member’s landing carries the chat-pal label and the notice', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openLander(page, `/members/${chatPal.profileId}/landing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maak kennis met Pallie');
    await expect(page.getByTestId('fictional-badge').first()).toBeVisible();
    await expect(page.locator('main [role="note"]').first()).toBeVisible();
  });

  test('a member visitors may not see is said to be gone, with the way into signup', async ({
    page,
  }) => {
    const hidden = await seedE2eMember({ name: 'Weg', profile: { invisible: true } });
    for (const url of [
      `/members/${hidden.profileId}/landing2`,
      '/members/2147483000/landing',
      '/members/abc/landing3',
    ]) {
      await page.setViewportSize(PHONE);
      await openLander(page, url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Dit profiel is niet (meer) beschikbaar',
      );
      await expect(page.getByText('Weg,')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Gratis aanmelden' }).first()).toBeVisible();
    }
    await look(page, 'member-missing', 375);
  });
});
