/**
 * The languages the owner offers (issue 34, item 7; SPEC point 1 "only nl is available as a
 * choice"): with Dutch alone a visitor meets no language menu and /lang-config lists Dutch only;
 * an admin switches English on in the console and the menu appears with it; the console keeps
 * all seven for staff. It changes a setting of the whole site, so its project runs after the
 * other journeys (playwright.config.ts), which speak all seven (serve.mjs offers them); it leaves
 * all seven offered again.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const ALL = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'];

// one site-wide setting: the phone's and the desktop's walk one after the other
test.describe.configure({ mode: 'serial' });

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`an admin chooses the languages offered and every menu follows, on a ${viewport.name}`, async ({
    browser,
  }) => {
    const { api, context: staffContext } = await staffApi(browser, ['admin'], { viewport });
    const restore = () =>
      api.put('/api/staff/settings', {
        headers: { 'X-Request-Type': 'client' },
        data: { languages_offered: ALL },
      });
    try {
      const admin = await staffContext.newPage();
      const { problems, scan } = scanner(admin, (name) =>
        path.join(shots, `languages-offered-${name}-${viewport.name}.png`),
      );
      await admin.goto('/admin/settings');
      const languages = admin.getByRole('group', { name: /Aangeboden talen/ });
      await expect(languages.getByRole('checkbox')).toHaveCount(7);
      await expect(languages.getByRole('checkbox', { name: 'Nederlands' })).toBeDisabled();
      // Dutch only, as a new site has it
      for (const name of ['English', 'Deutsch', 'Español', 'Français', 'Italiano', 'Polski']) {
        await languages.getByRole('checkbox', { name }).uncheck();
      }
      await admin.getByRole('button', { name: 'Opslaan' }).click();
      await expect(admin.getByText('Opgeslagen.')).toBeVisible();
      await languages.scrollIntoViewIfNeeded();
      await scan('console');

      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      const menu = visitor.getByRole('button', { name: /^[A-Z]{2}\s*, Taal/ });
      // every process serves a change within a second
      await expect(async () => {
        await visitor.goto('/lang-config');
        await expect(visitor.getByRole('list', { name: 'Talen' }).getByRole('button')).toHaveCount(
          1,
          { timeout: 1_000 },
        );
      }).toPass();
      await expect(visitor.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
      await expect(menu).toHaveCount(0);
      await scanOf(visitor, problems, 'visitor-dutch-only');
      // an address asking for another language gets Dutch
      await visitor.goto('/terms?lang=de');
      await expect(visitor.locator('html')).toHaveAttribute('lang', 'nl');

      // the staff console keeps all seven languages for staff
      const consoleLanguage = admin.getByRole('combobox', { name: 'Taal van de console' });
      await consoleLanguage.selectOption('en');
      await expect(admin.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await admin.getByRole('combobox', { name: 'Console language' }).selectOption('nl');
      await expect(admin.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();

      // English switched on: the menu appears with it
      await languages.getByRole('checkbox', { name: 'English' }).check();
      await admin.getByRole('button', { name: 'Opslaan' }).click();
      await expect(admin.getByText('Opgeslagen.')).toBeVisible();
      await expect(async () => {
        await visitor.goto('/lang-config');
        await expect(menu).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(visitor.getByRole('list', { name: 'Talen' }).getByRole('button')).toHaveCount(2);
      await menu.click();
      const choices = visitor.getByRole('button').and(visitor.locator('[lang]'));
      await expect(choices).toHaveText(['Nederlands', 'English']);
      await scanOf(visitor, problems, 'visitor-menu');
      await visitor.getByRole('button', { name: 'English', exact: true }).click();
      await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
      await expect(
        visitor.getByRole('heading', { level: 1, name: 'Language setting' }),
      ).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
      expect(problems).toEqual({});
      await visitorContext.close();
    } finally {
      expect((await restore()).status()).toBe(200);
      await staffContext.close();
    }

    /** A scan of another page into the same report. */
    async function scanOf(page: Page, into: Record<string, unknown>, name: string) {
      const other = scanner(page, (state) =>
        path.join(shots, `languages-offered-${state}-${viewport.name}.png`),
      );
      await other.scan(name);
      Object.assign(into, other.problems);
    }
  });
}
