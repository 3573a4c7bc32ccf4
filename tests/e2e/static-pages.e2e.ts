/**
 * The static pages (terms, privacy, cookies, ban, FAQ, service, return policy and the token
 * pages) as a visitor reads them: the company's real details from the seeded company info, the
 * refund days, the terms' version date, a title of their own, axe clean at 375 and 1280 px (read
 * once, looked at at both widths); and
 * the cookie page listing every cookie and storage key a visitor and a member really get; and
 * the chat history limit an admin sets, as the privacy statement and the FAQ state it.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** The seeded company info (prisma/data/catalog.ts COMPANY_INFO) and settings' refund days. */
const COMPANY = {
  name: 'Vonkje Media B.V.',
  kvk: 'KvK-nummer: 91234567',
  address: 'Oudegracht 120',
  city: '3511 AW Utrecht',
};

const PAGES: { path: string; heading: RegExp }[] = [
  { path: '/terms', heading: /^Algemene voorwaarden$/ },
  { path: '/privacy', heading: /^Privacybeleid$/ },
  { path: '/cookies', heading: /^Cookiebeleid$/ },
  { path: '/ban', heading: /^Blokkeerbeleid$/ },
  { path: '/faq', heading: /^Veelgestelde vragen$/ },
  { path: '/service', heading: /^Klantenservice$/ },
  { path: '/return-policy', heading: /^Retourbeleid$/ },
  { path: '/about', heading: /^Over Vonkje$/ },
  { path: '/safe-dating', heading: /^Veilig daten$/ },
  { path: '/contact', heading: /^Contact$/ },
  { path: '/disclaimer', heading: /^Disclaimer$/ },
];

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page's headings by level, in document order (h1 first, no level skipped going down). */
async function headingLevels(page: Page): Promise<number[]> {
  return page
    .locator('main h1, main h2, main h3, main h4')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
}

// the pages are read once, at a desktop's width; each is scanned and photographed at both widths
// (375 and 1280 px), where it must show the company's details without horizontal scrolling
test("every static page shows the company's real details, axe clean, at 375 and 1280 px", async ({
  browser,
}) => {
  // 24 screens scanned and photographed (axe takes seconds a scan on a loaded machine): longer
  // than any other journey
  test.setTimeout(600_000);
  const context = await browser.newContext({
    viewport: { width: DESKTOP.width, height: DESKTOP.height },
  });
  const page = await context.newPage();
  const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
    path.join(shots, `static-${name}-${width.name === 'phone' ? 'mobile' : width.name}.png`),
  );
  const titles = new Map<string, string>();

  for (const { path: pagePath, heading } of PAGES) {
    await page.goto(pagePath);
    const company = page.getByTestId('static-company');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(company).toContainText(COMPANY.name);
    await expect(company).toContainText(COMPANY.kvk);
    await expect(company).toContainText(COMPANY.address);
    await expect(company).toContainText(COMPANY.city);
    const levels = await headingLevels(page);
    expect([pagePath, levels[0], levels.filter((l) => l === 1).length]).toEqual([pagePath, 1, 1]);
    for (let i = 1; i < levels.length; i++)
      expect([pagePath, levels[i] - levels[i - 1] <= 1]).toEqual([pagePath, true]);
    titles.set(pagePath, await page.title());
    await scan(pagePath.slice(1), async () => {
      await expect(company).toBeVisible();
      await noHorizontalScroll(page);
    });
  }

  // a title of each page's own
  expect(new Set(titles.values()).size).toBe(PAGES.length);
  expect(titles.get('/terms')).toBe('Algemene voorwaarden | Vonkje');

  // the terms' version: the company was added on 2024-03-01, after 2023-12-01T12:00:00Z
  await page.goto('/terms');
  await expect(page.getByTestId('terms-version')).toHaveText(
    'Versie / laatst gewijzigd: 1 maart 2024',
  );
  await expect(
    page.getByText(/Een chatmaatje is een profiel dat wij zelf hebben gemaakt/),
  ).toBeVisible();

  // the return policy counts the settings' refund days
  await page.goto('/return-policy');
  await expect(page.getByRole('heading', { name: 'Bedenktijd van 14 dagen' })).toBeVisible();

  // the contact page: support e-mail and phone, and the way to the complaints form
  await page.goto('/contact');
  const contact = page.getByTestId('contact-card');
  await expect(contact.getByRole('link', { name: /support@/ })).toBeVisible();
  await contact.getByRole('link', { name: 'Een klacht indienen' }).click();
  await expect(page).toHaveURL(/\/complaints$/);

  // the FAQ's questions open and close
  await page.goto('/faq');
  const question = page.getByText('Hoe download ik mijn gegevens?');
  const answer = page.getByText(/Download mijn gegevens".*24 uur/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await scan('faq-open');

  // the privacy statement leads to the data export and the deletion
  await page.goto('/privacy');
  const rights = page.getByRole('region', { name: '8. Jouw rechten' });
  await expect(rights.getByRole('link', { name: 'Account verwijderen' })).toHaveAttribute(
    'href',
    '/account/delete',
  );

  // an unknown token is not a page
  await page.goto('/no-such-page');
  await expect(page.getByText('This page could not be found')).toBeVisible();

  expect(problems).toEqual({});
  await context.close();
});

test('the pages speak the language chosen, with the version date written in it', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'locale', value: 'de', url: baseURL ?? '' }]);
  await page.goto('/terms');
  await expect(page.getByTestId('terms-version')).toHaveText(
    'Version / zuletzt geändert: 1. März 2024',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AGB');
  await expect(page.getByTestId('static-company')).toContainText('Handelsregisternummer');
});

test("an admin's change of the chat history limit is what the privacy statement and the FAQ say", async ({
  browser,
}) => {
  // longer than the default (365 days): no other journey's chat loses a message meanwhile
  const days = 400;
  const { api: admin, context: staffContext } = await staffApi(browser, ['admin']);
  const put = (value: number) =>
    admin.put('/api/staff/settings', {
      headers: { 'X-Request-Type': 'client' },
      data: { chat_history_days: value },
    });
  const before = (await (await admin.get('/api/staff/settings')).json()) as {
    settings: { chat_history_days: number };
  };
  expect((await put(days)).status()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // each process hears of the change within a second (Redis): read until the page has it
    await expect(async () => {
      await page.goto('/privacy');
      await expect(
        page.getByText(
          `Chatberichten ouder dan ${days} dagen tonen we om privacyredenen niet meer in de chat.`,
        ),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText(/ouder dan 365 dagen/)).toHaveCount(0);

    await page.goto('/faq');
    await page.getByText('Waarom zie ik oude berichten niet meer?').click();
    await expect(
      page.getByText(`tonen we berichten ouder dan ${days} dagen niet meer in de chat`),
    ).toBeVisible();
  } finally {
    expect((await put(before.settings.chat_history_days)).status()).toBe(200);
    await context.close();
    await staffContext.close();
  }
});

test('a failing company info call shows an error with a retry', async ({ page, baseURL }) => {
  // the app's page, which asks for the company's details itself (a visitor's first visit gets
  // them in the server-rendered page: docs/features/public-entry.md): a browser with a session
  // cookie, here one the server does not know
  await page.context().addCookies([{ name: 'sid', value: 'unknown-session', url: baseURL! }]);
  let fail = true;
  await page.route('**/api/companyinfo.php', (route) =>
    fail ? route.fulfill({ status: 404, json: { error: 'not_found' } }) : route.fallback(),
  );
  await page.goto('/privacy');
  await expect(page.getByRole('alert')).toContainText(
    'De bedrijfsgegevens konden niet worden geladen',
  );
  fail = false;
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByTestId('static-company')).toContainText(COMPANY.name);
});

/** The names of the cookies and storage keys the browser holds for the site now. */
async function storedNames(page: Page): Promise<string[]> {
  const cookies = (await page.context().cookies()).map((c) => c.name);
  const storage = await page.evaluate(() => [
    ...Object.keys(window.localStorage),
    ...Object.keys(window.sessionStorage),
  ]);
  return [...cookies, ...storage];
}

test('the cookie page lists every cookie and storage key a visitor and a member get', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await seedE2eMember({ credits: 50, paidUser: true });
  const other = await seedE2eMember();
  // with the service worker a member's browser runs (the journeys block it elsewhere)
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const seen = new Set<string>();
  const collect = async () => {
    for (const name of await storedNames(page)) seen.add(name);
  };

  // a visitor arrives from a campaign on a lander and looks around
  await page.goto('/landers/tinderswipe?network=e2enet&ref=cookies&lb=1');
  await page.waitForLoadState('networkidle');
  await collect();
  await page.goto('/');
  await collect();

  // signs up (the signup keeps the e-mail address for the next page)
  await page.goto('/signup');
  await page
    .getByRole('group', { name: 'Ik ben een' })
    .locator('label', { hasText: 'Man' })
    .click();
  await page
    .getByRole('group', { name: 'Ik zoek een' })
    .locator('label', { hasText: 'Vrouw' })
    .click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Dag').selectOption({ index: 12 });
  await page.getByLabel('Maand').selectOption({ index: 4 });
  await page.getByLabel('Jaar').selectOption({ index: 15 });
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Profielnaam').fill(`Koekje${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('E-mailadres').fill(`cookies.${Date.now()}@example.test`);
  await page.getByLabel('Wachtwoord').fill('Zonnebloem-2026');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel(/fictieve profielen/).check();
  await page.getByLabel(/akkoord met de/).check();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
  await collect();
  const out = await page.request.get('/api/logout.php', {
    headers: { 'X-Request-Type': 'client' },
  });
  expect(out.ok()).toBe(true);

  // a member logs in and goes through the members area, a chat and the settings
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(member.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/members/);
  // and picks a language
  await page.getByRole('button', { name: /Taal/ }).click();
  await page.getByRole('button', { name: 'Nederlands' }).click();
  for (const where of [
    '/members',
    `/members/${other.profileId}`,
    `/members/${other.profileId}/chat`,
    '/chats',
    '/likes',
    '/profile',
    '/account',
    '/notifications',
    '/credits',
  ]) {
    await page.goto(where);
    await page.waitForLoadState('networkidle');
    // the layout's notices the member closes are remembered too
    for (const close of await page.locator('.alert-dismissible .btn-close').all())
      if (await close.isVisible()) await close.click();
    await collect();
  }

  // the journey met the site's own cookies and keys (so the check below checks something)
  for (const name of ['sid', 'device', 'locale', 'signup_tracking', 'page_bounce_logging'])
    expect([...seen]).toContain(name);

  await page.goto('/cookies');
  const table = page.getByTestId('cookie-table');
  await expect(table).toBeVisible();
  const listed = (await table.locator('th[scope="row"] code').allTextContents()).map((name) =>
    name.replace(/:…$/, ':'),
  );
  const missing = [...seen].filter(
    (name) =>
      !listed.some((entry) => (entry.endsWith(':') ? name.startsWith(entry) : name === entry)),
  );
  expect(missing).toEqual([]);
  await context.close();
});
