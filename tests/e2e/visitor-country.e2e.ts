/**
 * Issue 34, item 5: a visitor's country comes from their address when no trusted proxy names it.
 * The journeys' server trusts one proxy hop (tests/e2e/serve.mjs, TRUST_PROXY=1): the browser's
 * X-Forwarded-For stands in for the address a proxy such as Caddy forwards, and nothing sends a
 * country header, so the site looks the address up in its country database (DB-IP Lite). The
 * entry warning and the prices follow. (That a client's own country header or X-Forwarded-For is
 * ignored when it is no trusted proxy: server/test/visitor-country.e2e-spec.ts.)
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { entryWarning, passEntryWarning } from './entry-warning.js';

/** Real addresses, checked in the shipped database (server/src/visitor-country). */
const VISITORS = [
  { country: 'DE', address: '193.99.144.80', warned: true, currency: 'EUR', price: /€/ },
  { country: 'US', address: '8.8.8.8', warned: false, currency: 'USD', price: /\$/ },
  { country: 'PL', address: '212.77.98.9', warned: false, currency: 'PLN', price: /PLN|zł/ },
];

async function visitorFrom(browser: Browser, address: string) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  return { context, page: await context.newPage() };
}

/** The lander has rendered and the lazily loaded warning had its time to arrive. */
async function landerShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const visitor of VISITORS) {
  test(`a visitor from a ${visitor.country} address ${visitor.warned ? 'meets' : 'does not meet'} the entry warning and sees prices in ${visitor.currency}`, async ({
    browser,
  }) => {
    const { context, page } = await visitorFrom(browser, visitor.address);
    await page.goto('/landers/gallery');
    if (visitor.warned) {
      await passEntryWarning(page);
    } else {
      await landerShown(page);
      await expect(entryWarning(page)).toHaveCount(0);
    }

    // the prices page comes with the visitor's packages in it (server-rendered, issue 34 item 9)
    await page.goto('/pricing');
    await expect(page.getByTestId('package-starter')).toContainText(visitor.price);
    await context.close();
  });
}

test('a visitor from a private address (a development machine) counts as the default country, NL', async ({
  browser,
}) => {
  const { context, page } = await visitorFrom(browser, '192.168.1.20');
  await page.goto('/landers/gallery');
  await expect(entryWarning(page)).toBeVisible();
  await context.close();
});
