/**
 * The language choice (issue 21, point 3): /lang-config offers the seven languages; a member's
 * choice switches the site at once and is stored with the account and the locale cookie; a
 * visitor's choice lives in the cookie. Dates, numbers and amounts follow it.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`the language page on a ${viewport.name}`, () => {
    test.use({ viewport });

    test("a member's choice switches the site at once and stays with the account", async ({
      page,
    }) => {
      const member = await seedE2eMember();
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `language-${name}-${viewport.name}.png`),
      );
      await enter(page, member, '/lang-config');
      const list = page.getByRole('list', { name: 'Talen' });
      await expect(list.getByRole('button')).toHaveCount(7);
      await expect(list.getByRole('button', { name: /Nederlands/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByTestId('lang-example')).toContainText('€ 29,95');
      await scan('nl');

      await list.getByRole('button', { name: /Deutsch/ }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Spracheinstellung' }),
      ).toBeVisible();
      await expect(page.getByText('Deine Sprachwahl wurde gespeichert.')).toBeVisible();
      await expect(page.getByTestId('lang-example')).toContainText('29,95 €');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await scan('de');
      const me = (await (await page.request.get('/api/user.php')).json()) as {
        user: { language: string };
      };
      expect(me.user.language).toBe('de');
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'locale')?.value).toBe('de');

      // the navigation's dropdown offers the same choice
      await page.goto('/members');
      // below 992 px the member menu sits behind the toggler
      if (viewport.width < 992) {
        await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).click();
      }
      await page.getByRole('button', { name: /^DE/ }).click();
      await page.getByRole('button', { name: 'Nederlands' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      await expect
        .poll(async () => {
          const answer = (await (await page.request.get('/api/user.php')).json()) as {
            user: { language: string };
          };
          return answer.user.language;
        })
        .toBe('nl');
      expect(problems).toEqual({});
    });

    test("a visitor's choice is kept in this browser", async ({ page }) => {
      await page.goto('/lang-config');
      // the header's dropdown offers the languages to visitors too
      await page.getByRole('button', { name: /^NL\s*, Taal/ }).click();
      await expect(page.getByRole('link', { name: 'Taalinstelling' })).toBeVisible();
      await page.screenshot({
        path: path.join(shots, `language-visitor-menu-${viewport.name}.png`),
      });
      await page.keyboard.press('Escape');
      await page
        .getByRole('list', { name: 'Talen' })
        .getByRole('button', { name: /English/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Language setting' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Language setting' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    });
  });
}
