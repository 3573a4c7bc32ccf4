import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loggedInPage, openMenu } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

async function packageId(page: Page, slug: string): Promise<number> {
  const res = await page.request.get('/api/packages.php');
  const body = (await res.json()) as { packages: { id: number; slug: string }[] };
  return body.packages.find((p) => p.slug === slug)!.id;
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`payments on a ${viewport.name}`, () => {
    test('a new member buys credits with the welcome discount through the sandbox checkout and becomes premium', async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const member = await seedE2eMember({ country: 'NL' });
      const { context, page } = await loggedInPage(browser, member, { viewport });

      // the time bonus: a countdown under 4 hours that ticks every second
      const clock = page.getByTestId('time-bonus-countdown');
      await expect(clock).toHaveText(/^0[34]:\d{2}:\d{2}$/);
      const first = await clock.textContent();
      await expect(clock).not.toHaveText(first ?? '', { timeout: 3_000 });
      await page.screenshot({ path: path.join(shots, `time-bonus-banner-${viewport.name}.png`) });
      await openMenu(page);
      await expect(page.getByRole('link', { name: /Word premium/ })).toBeVisible();

      // the packages at the welcome price: 25% off 29.95 is 22.46
      await page.goto('/credits');
      await expect(
        page.getByText('Jouw welkomstbonus: 25% korting op alle pakketten.'),
      ).toBeVisible();
      const plus = page.getByTestId('package-plus');
      await expect(plus.locator('del')).toContainText('29,95');
      await expect(plus.locator('ins')).toContainText('22,46');
      await page.screenshot({
        path: path.join(shots, `credits-${viewport.name}.png`),
        fullPage: true,
      });
      await plus.getByRole('link', { name: 'Kies dit pakket (350 credits)' }).click();

      // the methods the country and the provider offer; iDEAL chooses its bank on its own page
      await expect(page.getByRole('heading', { name: 'Betalen', level: 1 })).toBeVisible();
      await page.getByRole('radio', { name: /^iDEAL/ }).check();
      await page.getByRole('checkbox', { name: /levering direct begint/ }).check();
      await expect(page.getByTestId('order-total')).toContainText('22,46');
      await page.screenshot({ path: path.join(shots, `pay-${viewport.name}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Betalen met iDEAL' }).click();

      // the sandbox provider's hosted checkout
      await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_tr_/);
      await expect(page.getByText('€ 22,46')).toBeVisible();
      await page.getByLabel('Kies je bank').selectOption('ING');
      await page.screenshot({ path: path.join(shots, `sandbox-checkout-${viewport.name}.png`) });
      await page.getByRole('button', { name: 'Betaald', exact: true }).click();

      // back on the site: completed, premium, the credits in the navigation
      await expect(page).toHaveURL(/\/credits\/\d+\/ideal\?payment=pay_/);
      await expect(page.getByRole('heading', { name: 'Betaling gelukt' })).toBeVisible();
      await expect(
        page.getByText('Bedankt! 350 credits (€ 22,46) staan op je account.'),
      ).toBeVisible();
      await openMenu(page);
      await expect(page.getByTestId('credits-badge')).toContainText('350');
      await expect(page.getByRole('link', { name: /Word premium/ })).toHaveCount(0);
      await page.screenshot({
        path: path.join(shots, `completed-${viewport.name}.png`),
        fullPage: true,
      });

      // the time bonus is over for a member who paid
      await page.goto('/members');
      await expect(page.getByTestId('time-bonus-countdown')).toHaveCount(0);

      // the transaction with its invoice
      await page.goto('/transactions');
      await expect(page.getByRole('cell', { name: 'iDEAL' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'ING' })).toBeVisible();
      await page.getByRole('link', { name: /^pay_/ }).click();
      await expect(page.getByRole('heading', { name: 'Factuur' })).toBeVisible();
      await expect(page.getByTestId('invoice-seller')).toContainText('Vonkje Media B.V.');
      await page.screenshot({
        path: path.join(shots, `invoice-${viewport.name}.png`),
        fullPage: true,
      });
      await context.close();
    });

    test('a failed payment says Betaling mislukt and offers another method', async ({
      browser,
    }) => {
      test.setTimeout(45_000);
      const member = await seedE2eMember({ country: 'NL' });
      const { context, page } = await loggedInPage(browser, member, { viewport });
      const tryout = await packageId(page, 'tryout');
      await page.goto(`/credits/${tryout}/creditcard`);
      await page.getByRole('checkbox', { name: /levering direct begint/ }).check();
      await page.getByRole('button', { name: 'Betalen met Creditcard' }).click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await page.getByRole('button', { name: 'Mislukt' }).click();
      await expect(page.getByRole('heading', { name: 'Betaling mislukt' })).toBeVisible();
      await page.screenshot({
        path: path.join(shots, `failed-${viewport.name}.png`),
        fullPage: true,
      });
      await page.getByRole('link', { name: 'Kies een andere betaalmethode' }).click();
      await expect(page.getByRole('heading', { name: 'Betalen', level: 1 })).toBeVisible();
      await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
      const me = await (await page.request.get('/api/user.php')).json();
      expect(me.user).toMatchObject({ credits: 0, paid_user: false });
      await context.close();
    });
  });
}
