/**
 * The console's catalogue in a browser: an admin makes an invite code, a discount code, a credit
 * package and a gift, edits the company details, and sees each in its list. Every screen is
 * axe-clean and photographed at 375 and 1280 px (test-results/screens).
 */
import { expect as baseExpect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths, WIDTHS } from './axe.js';
import { staffApi } from './staff.js';

/** The machine running the journeys is shared and slow at times: waits of 20 s, not 5. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/screens');
mkdirSync(shots, { recursive: true });

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`the catalogue`, () => {
  test('an admin makes an invite, a discount code, a package and a gift, and edits the company details', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    const { context } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const tag = `${viewport.width}${Math.random().toString(36).slice(2, 7)}`;
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `catalogue-${name}-${width.name}.png`),
    );
    const tab = (name: string) =>
      page
        .getByRole('navigation', { name: 'Onderdelen van de catalogus' })
        .getByRole('link', { name })
        .click();

    // invite codes: reached from the console's navigation. This part runs at both widths, as it
    // differs by layout: on a phone the navigation is folded behind the 'Menu' button (no other
    // journey opens it), on a desktop it is shown beside the page
    const catalogueLink = page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Catalogus' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/admin');
      if (width.width < 992) await page.getByRole('button', { name: 'Menu' }).click();
      await catalogueLink.click();
      await expect(page.getByRole('heading', { name: 'Uitnodigingscodes' })).toBeVisible();
    }
    const invite = `WELKOM-${tag}`.toUpperCase();
    await page.getByLabel('Eigen code (mag leeg)').fill(invite);
    await page.getByLabel('Geldig (dagen)').fill('30');
    await page.getByRole('button', { name: 'Codes maken' }).click();
    await expect(page.getByRole('status').filter({ hasText: invite })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: invite })).toContainText('Open');
    await scan('invites');

    // a discount code
    await tab('Kortingscodes');
    await expect(page.getByRole('heading', { name: 'Kortingscodes', level: 1 })).toBeVisible();
    const discount = `E2E${tag}`.toUpperCase();
    await page.getByLabel('Code', { exact: true }).fill(discount);
    await page.getByLabel('Korting (%)').fill('15');
    await page.getByLabel('Te gebruiken').selectOption('unlimited');
    await page.getByRole('checkbox', { name: 'ideal' }).check();
    await page.getByRole('button', { name: 'Kortingscode maken' }).click();
    await expect(page.getByText(`Kortingscode ${discount} gemaakt.`)).toBeVisible();
    const discountRow = page.getByRole('row').filter({ hasText: discount });
    await expect(discountRow).toContainText('15%');
    await expect(discountRow).toContainText('Actief');
    await scan('discounts');

    // a credit package
    await tab('Pakketten');
    await page.getByRole('button', { name: 'Pakket maken' }).click();
    const packageForm = page.getByRole('form', { name: 'Pakket maken' });
    const slug = `e2e_${tag}`;
    await packageForm.getByLabel('Naam (slug)').fill(slug);
    await packageForm.getByLabel('Credits').fill('200');
    await packageForm.getByLabel('Prijs').fill('19,95');
    await scan('package-form');
    await packageForm.getByRole('button', { name: 'Pakket maken' }).click();
    await expect(packageForm).toBeHidden();
    const pkg = page.getByRole('listitem').filter({ hasText: slug });
    await expect(pkg).toContainText(/200 credits voor €\s?19,95/);
    await scan('packages');

    // a gift, named in all seven languages
    await tab('Cadeaus');
    await page.getByRole('button', { name: 'Cadeau maken' }).click();
    const giftForm = page.getByRole('form', { name: 'Cadeau maken' });
    const gift = `kus_${tag}`;
    await giftForm.getByLabel('Naam (slug)').fill(gift);
    await giftForm.getByLabel('Prijs in credits').fill('35');
    const names = giftForm.getByRole('group', { name: 'Naam in elke taal' }).getByRole('textbox');
    await expect(names).toHaveCount(7);
    for (let i = 0; i < 7; i += 1) await names.nth(i).fill(`Kus ${tag} ${i}`);
    await giftForm.getByLabel('Afbeelding').selectOption('kiss.svg');
    await scan('gift-form');
    await giftForm.getByRole('button', { name: 'Cadeau maken' }).click();
    await expect(giftForm).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: gift })).toContainText('35 credits');
    await scan('gifts');

    // the company details
    await tab('Bedrijfsgegevens');
    await expect(page.getByRole('heading', { name: 'Bedrijfsgegevens', level: 1 })).toBeVisible();
    // only what no other journey reads (the invoice shows the name, address, KvK and VAT
    // number; the deletion page offers the deletion discount): they share this database
    await expect(page.getByLabel('Bedrijfsnaam')).toHaveValue('Vonkje Media B.V.');
    await page.getByLabel('Handelsnamen').fill(`Vonkje\nSparkle ${tag}`);
    await page.getByLabel('Telefoon support').fill('+31 30 207 4455');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Opgeslagen.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Handelsnamen')).toHaveValue(`Vonkje\nSparkle ${tag}`);
    await expect(page.getByLabel('Telefoon support')).toHaveValue('+31 30 207 4455');
    await expect(page.getByLabel('Bedrijfsnaam')).toHaveValue('Vonkje Media B.V.');
    await scan('company');

    expect(problems).toEqual({});
    await context.close();
  });
});
