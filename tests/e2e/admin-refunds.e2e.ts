/**
 * A refund from the console in a browser (issue 36): a member buys credits through the sandbox
 * provider and their bank charges part of it back; an admin opens the member's page, sees the
 * chargeback listed with the credits it took back, refunds part of the payment after the dialog
 * showed the credits it takes back, and the member's transactions show what came back, in Dutch.
 * Axe-clean and photographed at 375 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { enter, loggedInApi } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

/** The machine running the journeys is shared and slow at times: waits of 20 s, not 5. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/admin-refunds');
mkdirSync(shots, { recursive: true });

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`refunds in the console`, () => {
  test('an admin refunds part of a payment after seeing the credits it takes back', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    const member = await seedE2eMember({ credits: 0, name: `Refund${viewport.width}` });

    // the member buys the plus package (350 credits, € 29,95) with a card in the sandbox
    const api = await loggedInApi(baseURL!, member);
    const packages = (await (await api.get('/api/packages.php')).json()) as {
      packages: { id: number; slug: string }[];
    };
    const plus = packages.packages.find((p) => p.slug === 'plus')!;
    const started = await api.post('/api/payment.php', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { package: plus.id, method: 'creditcard', delivery_consent: true },
    });
    expect(started.status()).toBe(201);
    const payment = (
      (await started.json()) as { payment: { payment_id: string; checkout_url: string } }
    ).payment;
    const checkout = new URL(payment.checkout_url).pathname;
    const pay = await api.post(checkout, { form: { action: 'paid' }, maxRedirects: 0 });
    expect(pay.status()).toBe(303);
    // the bank charges € 5,00 back (the sandbox calls the webhook again until it is read)
    await api.post(checkout, {
      form: { action: 'chargeback', amount_cents: '500' },
      maxRedirects: 0,
    });
    await expect
      .poll(
        async () => {
          const res = await api.get(`/api/payment.php?payment_id=${payment.payment_id}`);
          return ((await res.json()) as { payment: { reversed_cents: number } }).payment
            .reversed_cents;
        },
        { timeout: 30_000 },
      )
      .toBe(500);

    const { context } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const file = (name: string, width: Width) => path.join(shots, `${name}-${width.name}.png`);
    const { problems, scan } = scannerAtBothWidths(page, file);

    await page.goto(`/admin/members/${member.userId}?tab=payments`);
    await expect(page.getByRole('heading', { name: `Refund${viewport.width}` })).toBeVisible();
    const panel = page.getByRole('tabpanel');
    // 500 of 2995 cents: 58.4 of 350 credits, rounded up
    await expect(
      panel.getByText(/Terugboeking door de bank €\s5,00: 59 credits terug/),
    ).toBeVisible();
    await scan('payments');

    await panel
      .getByRole('button', { name: `Betaling ${payment.payment_id} terugbetalen` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Betaling terugbetalen' });
    const amount = dialog.getByLabel('Bedrag terug (EUR)');
    await expect(amount).toHaveValue('24,95');
    await amount.fill('10,00');
    await dialog.getByLabel('Reden').fill('Klant vroeg binnen de termijn om een deel terug');
    // 1500 of 2995 cents owed back: 176 credits, of which the chargeback took 59
    await expect(dialog.getByRole('status')).toContainText(
      /€\s10,00 terugbetaald en er worden 117 credits teruggenomen \(saldo nu 291\)/,
    );
    await scan('refund-dialog');
    await dialog.getByRole('button', { name: 'Definitief terugbetalen' }).click();
    await expect(
      page.getByText(/Terugbetaald: €\s10,00\. 117 credits teruggenomen; nieuw saldo 174\./),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText(/Terugbetaling €\s10,00: 117 credits terug/)).toBeVisible();
    await scan('refunded');

    // the audit log of the member has the refund
    await page.getByRole('tab', { name: /Logboek/ }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Betaling terugbetaald');

    // the member sees what came back on their transactions, in their language
    const memberContext = await browser.newContext(size);
    const memberPage = await memberContext.newPage();
    await enter(memberPage, member);
    await memberPage.goto('/transactions');
    const row = memberPage.getByRole('row').filter({ hasText: payment.payment_id });
    await expect(row).toContainText(/−€\s15,00 terugbetaald/);
    const memberScans = scannerAtBothWidths(memberPage, file);
    await memberScans.scan('member-transactions');

    expect({ ...problems, ...memberScans.problems }).toEqual({});
    await memberContext.close();
    await context.close();
    await api.dispose();
  });
});
