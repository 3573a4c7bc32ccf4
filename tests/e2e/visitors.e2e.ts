/**
 * Who viewed my profile and favourites (issue 38, items 1 and 2): a free member sees how many
 * visited and blurred cards (the page holds nothing of who it was), a premium member sees who;
 * a member stars profiles in search, finds them on the favourites page and in the search's
 * "only favourites", and takes one off again.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { enter, loggedInApi, openMenu } from './members.js';
import { seedE2eMember, type E2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

// the flow runs once, at a desktop's width; each screen is scanned and photographed at both
// widths, as <name>-375.png and <name>-1280.png
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

/** The scans of a journey whose screenshots are screenshots/<prefix>-<name>-<375|1280>.png. */
function scannerFor(page: Page, prefix: string) {
  return scannerAtBothWidths(page, (name, { width }) =>
    path.join(shots, `${prefix}-${name}-${width}.png`),
  );
}

/** Opens the profile page of `profileId` as `member` (through the API: the visit it leaves). */
async function visit(base: string, member: E2eMember, profileId: number): Promise<void> {
  const api = await loggedInApi(base, member);
  const res = await api.get(`/api/member.php?id=${profileId}`);
  expect(res.status()).toBe(200);
  await api.dispose();
}

/** Waits until the visitors page counts `count` visitors (the visit is written after the read). */
async function visitorsCounted(page: Page, count: number): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('visitors-count')).toHaveText(`Aantal bezoekers: ${count}`, {
      timeout: 2_000,
    });
  }).toPass();
}

test.describe('the visitors page', () => {
  test.use({ viewport });
  // each screen scanned at both widths: past the default 60 s on a loaded machine
  test.describe.configure({ timeout: 120_000 });

  test('a free member sees how many visited and blurred cards, never who', async ({
    page,
    baseURL,
  }) => {
    const me = await seedE2eMember({ name: 'Fenna', country: 'NL', gender: 'female' });
    const fans = await Promise.all([
      seedE2eMember({ name: 'Geheime Gijs', country: 'NL', gender: 'male' }),
      seedE2eMember({ name: 'Verborgen Vince', country: 'NL', gender: 'male' }),
    ]);
    for (const fan of fans) await visit(baseURL!, fan, me.profileId);
    const { problems, scan } = scannerFor(page, 'visitors-free');
    await enter(page, me, '/visitors');
    await expect(page.getByRole('heading', { level: 1, name: 'Bezoekers' })).toBeVisible();
    await visitorsCounted(page, 2);
    await expect(page.getByTestId('visitor-blurred')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Word premium' }).first()).toBeVisible();
    // nothing of the visitors is in the page, not even hidden
    const html = await page.content();
    for (const name of ['Geheime Gijs', 'Verborgen Vince']) expect(html).not.toContain(name);
    await scan('page');
    // the menu leads here
    await page.goto('/members');
    await openMenu(page);
    await page.getByRole('button', { name: /Fenna/ }).click();
    await page.getByRole('link', { name: 'Bezoekers', exact: true }).click();
    await expect(page).toHaveURL(/\/visitors$/);
    expect(problems).toEqual({});
  });

  test('a premium member sees who visited, newest first, and may browse unseen', async ({
    page,
    baseURL,
  }) => {
    const me = await seedE2eMember({
      name: 'Petra',
      country: 'NL',
      gender: 'female',
      paidUser: true,
    });
    const first = await seedE2eMember({ name: 'Eerste Erik', country: 'NL', gender: 'male' });
    const second = await seedE2eMember({ name: 'Tweede Tom', country: 'NL', gender: 'male' });
    await visit(baseURL!, first, me.profileId);
    const { problems, scan } = scannerFor(page, 'visitors-premium');
    await enter(page, me, '/visitors');
    await visitorsCounted(page, 1);
    await visit(baseURL!, second, me.profileId);
    await visitorsCounted(page, 2);
    const cards = page.getByTestId('member-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Tweede Tom');
    await expect(cards.nth(1)).toContainText('Eerste Erik');
    await expect(page.getByTestId('visitor-blurred')).toHaveCount(0);
    await scan('page');

    // browsing unseen, on the account page
    await page.goto('/account');
    const unseen = page.getByRole('switch', {
      name: 'Profielen bekijken zonder een bezoek achter te laten',
    });
    await expect(unseen).not.toBeChecked();
    await unseen.click();
    await expect(page.getByText('Opgeslagen')).toBeVisible();
    await expect(unseen).toBeChecked();
    await page.reload();
    await expect(unseen).toBeChecked();
    await scan('account-browse-unseen');
    expect(problems).toEqual({});
  });
});

test.describe('favourites', () => {
  test.use({ viewport });
  // each screen scanned at both widths: past the default 60 s on a loaded machine
  test.describe.configure({ timeout: 120_000 });

  test('a member stars a profile in search, finds it on the favourites page and in "only favourites", and takes it off', async ({
    page,
  }) => {
    const me = await seedE2eMember({
      name: 'Sterre',
      country: 'NL',
      gender: 'female',
      seekingGender: 'male',
    });
    const star = await seedE2eMember({ name: 'Sjoerd Ster', country: 'NL', gender: 'male' });
    const { problems, scan } = scannerFor(page, 'favourites');
    await enter(page, me, `/members/${star.profileId}`);
    const add = page.getByRole('button', { name: 'Sjoerd Ster aan je favorieten toevoegen' });
    await add.click();
    await expect(
      page.getByRole('button', { name: 'Sjoerd Ster uit je favorieten halen' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/favourites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorieten' })).toBeVisible();
    const cards = page.getByTestId('member-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Sjoerd Ster');
    await scan('page');

    // the search's "only favourites"
    await page.goto('/members?favourites=1&country=NL');
    await expect(page.getByTestId('member-card')).toHaveCount(1);
    await expect(page.getByTestId('member-card').first()).toContainText('Sjoerd Ster');
    await scan('search-only-favourites');

    // off again: at once, and after a reload
    await page.goto('/favourites');
    await page.getByRole('button', { name: 'Sjoerd Ster uit je favorieten halen' }).click();
    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
    await scan('empty');
    expect(problems).toEqual({});
  });

  test('a star the server refuses turns back', async ({ page, baseURL }) => {
    const me = await seedE2eMember({ name: 'Roos', country: 'NL', gender: 'female' });
    const other = await seedE2eMember({ name: 'Ruud Weg', country: 'NL', gender: 'male' });
    await enter(page, me, `/members/${other.profileId}`);
    const star = page.getByRole('button', { name: 'Ruud Weg aan je favorieten toevoegen' });
    await expect(star).toBeEnabled();
    // meanwhile the other member blocks her: the server refuses the star (404)
    const api = await loggedInApi(baseURL!, other);
    expect((await api.post('/api/block.php', { data: { member: me.profileId } })).ok()).toBe(true);
    await api.dispose();
    const refused = page.waitForResponse(
      (res) => res.url().includes('/api/favourite.php') && res.status() === 404,
    );
    await star.click();
    await refused;
    await expect(
      page.getByRole('button', { name: 'Ruud Weg aan je favorieten toevoegen' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });
});
