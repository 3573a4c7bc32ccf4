import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { atBothWidths, DESKTOP, type Width } from './axe.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** The screenshots' names: home-mobile.png, 404-desktop.png... */
const shot = (name: string, width: Width) =>
  path.join(shots, `${name}-${width.name === 'phone' ? 'mobile' : width.name}.png`);

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// each page is loaded once, at a desktop's width, and looked at at both widths (375 and 1280
// px): what it must show there, no horizontal scrolling, a screenshot
test.describe('the home page and the error page', () => {
  test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

  test('the home page renders with the settings the server put into the page, asking for none', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/settings.php')) asked.push(r.url());
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain('<script type="application/json" id="settings-data">');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await atBothWidths(page, async (width) => {
      // the site name and the fictional-profile notice come from the inlined settings answer
      await expect(page.getByText('Vonkje').first()).toBeVisible();
      await expect(page.getByText(/chatmaatje/i).first()).toBeVisible();
      await expect(page.getByRole('link', { name: /inloggen/i }).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shot('home', width), fullPage: true });
    });
    expect(asked).toEqual([]);
  });

  test('an unknown route shows the error page with a link home', async ({ page }) => {
    await page.goto('/this/route/does-not-exist');
    await expect(page.getByText('404')).toBeVisible();
    const home = page.getByRole('link', { name: /home|startpagina/i }).last();
    await atBothWidths(page, async (width) => {
      await expect(page.getByText('This page could not be found')).toBeVisible();
      await expect(home).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shot('404', width), fullPage: true });
    });
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the footer links reach the static pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const path of ['/terms', '/privacy', '/cookies', '/faq']) {
    await expect(footer.locator(`a[href="${path}"]`).first()).toBeVisible();
  }
});

test('a visitor with the English locale cookie gets the home page in English from the server, and the rest of the English texts as data, not as a script', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const catalogue = page.waitForResponse((r) => /\/assets\/public-en-[\w-]+\.json$/.test(r.url()));
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('Terms and conditions');
  expect((await catalogue).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('footer').getByText('Terms and conditions').first()).toBeVisible();
  await expect(
    page.locator('footer').getByText('For visitors from the United States'),
  ).toBeVisible();
  // no catalogue came as a script: the page brought its texts, the rest came as JSON
  expect(scripts.filter((url) => /\/(nl|en)-[\w-]+\.js$/.test(url))).toEqual([]);
});
