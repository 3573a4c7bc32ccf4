/**
 * The pages a visitor opens before logging in, served rendered by the server (issue 34, item 9;
 * docs/features/public-entry.md): usable before their scripts have run, and working as the app's
 * once they have.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedE2eMember } from './seed.js';

/** Holds the public entry's scripts until `release` is called (the page as HTML only). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/public-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

  test("a visitor who fills in the login form and presses log in before the page's scripts have run is logged in once they have", async ({
    page,
  }) => {
    const member = await seedE2eMember();
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('E-mailadres').fill(member.email);
    await page.getByLabel('Wachtwoord').fill(member.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    // held: the browser did not send the form itself (no password in the address)
    expect(page.url()).toMatch(/\/login$/);
    await expect(page.locator('html')).not.toHaveAttribute('data-taken-over');

    release();
    await expect(page).toHaveURL(/\/members/);
    const user = (await (await page.request.get('/api/user.php')).json()) as {
      user: { id: number } | null;
    };
    expect(user.user?.id).toBe(member.userId);
  });

  test("a visitor's search, rendered by the server, shows members and follows a change of filters without loading the page again", async ({
    page,
  }) => {
    await page.goto('/members');
    // the first search's filters are written to the address, and its members shown
    await expect(page).toHaveURL(/\/members\?.*country=/);
    await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('num-results')).toBeVisible();
    // a mark on this document: still there after the search if the page was not loaded again
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Ik zoek').selectOption('female');
    const searched = page.waitForResponse(
      (r) => /\/api\/search/.test(r.url()) && r.url().includes('gender=female'),
    );
    await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
    expect((await searched).ok()).toBe(true);
    await expect(page).toHaveURL(/gender=female/);
    await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
