/**
 * The campaign editor in a browser (issue 36, point 5): an admin writes a campaign in Dutch and
 * German, chooses its audience and counts it, saves it, previews the mail (the body's HTML shown
 * as text, its web address a link), sends it to their own address (a real mail through the
 * journey's SMTP capture) and schedules it. Axe-clean and photographed at 375 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { useMailbox } from './mail.js';
import { staffApi } from './staff.js';

/** The machine running the journeys is shared and slow at times: waits of 20 s, not 5. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/admin-campaigns');
mkdirSync(shots, { recursive: true });

const mailbox = useMailbox();

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`the campaign editor`, () => {
  test('an admin writes, previews, tries and schedules a campaign', async ({ browser }) => {
    test.setTimeout(300_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    const { context, staff } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `${name}-${width.name}.png`),
    );

    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Campagnes', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Nieuwe campagne' }).click();
    await expect(page.getByRole('heading', { name: 'Nieuwe campagne' })).toBeVisible();
    await scan('new');

    const marker = `Lentezon${viewport.width}`;
    await page.getByLabel('Naam (alleen voor beheerders)').fill(`Lente ${viewport.name}`);
    await page.getByLabel('Toestemming').selectOption('promotions');
    await page.getByLabel('Onderwerp (NL)').fill(`${marker}: 20% extra credits`);
    await page
      .getByLabel('Tekst (NL)')
      .fill(
        `Alleen deze week krijg je 20% extra credits. ${marker}\n\n<b>Niet vet</b> maar wel een link: https://vonkje.example/credits`,
      );
    await page.getByRole('button', { name: 'DE', exact: true }).click();
    await page.getByLabel('Onderwerp (DE)').fill('Frühling: 20 % mehr Credits');
    await page.getByLabel('Tekst (DE)').fill('Nur diese Woche 20 % mehr Credits.');
    await page.getByRole('button', { name: /^NL/ }).click();
    await page.getByRole('checkbox', { name: 'NL' }).first().check();
    await page.getByRole('button', { name: 'Leden tellen' }).click();
    await expect(page.getByText(/krijgen? deze campagne nu/)).toBeVisible();

    await page.getByRole('button', { name: 'Opslaan' }).click();
    // saved: the editor moves to the campaign's own address, and says so there
    await expect(page).toHaveURL(/\/admin\/campaigns\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Lente ${viewport.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Voorbeeld (NL)' }).click();
    const preview = page.frameLocator('iframe[title="Voorbeeld van de e-mail (NL)"]');
    await expect(preview.getByText('<b>Niet vet</b>', { exact: false })).toBeVisible();
    await expect(
      preview.getByRole('link', { name: 'https://vonkje.example/credits' }),
    ).toBeVisible();
    await scan('preview');

    await page.getByRole('button', { name: 'Stuur naar mezelf (NL)' }).click();
    await expect(page.getByText(`Testmail verstuurd naar ${staff.email}.`)).toBeVisible();
    // the test mail arrives at the admin's own address
    await mailbox.linkFor(staff.email, marker, 30_000);

    await page.getByRole('button', { name: 'Inplannen' }).click();
    await expect(page.getByText('De campagne is ingepland.')).toBeVisible();
    await expect(page.getByLabel('Naam (alleen voor beheerders)')).toBeDisabled();
    await scan('scheduled');

    await page.goto('/admin/campaigns');
    await expect(page.getByRole('link', { name: `Lente ${viewport.name}` })).toBeVisible();
    await scan('list');

    expect(problems).toEqual({});
    await context.close();
  });
});
