/**
 * The console's members area in a browser: an admin finds a member by e-mail address, adjusts
 * their credits with a reason and sees the ledger row, then ends the member's sessions, and the
 * member's open tab is logged out at once. Axe-clean and photographed at 375 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

/** The machine running the journeys is shared and slow at times: waits of 20 s, not 5. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/admin-members');
mkdirSync(shots, { recursive: true });

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`the members area`, () => {
  test('an admin finds a member by e-mail, adjusts credits with a reason, and ends their sessions', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    const member = await seedE2eMember({ credits: 10, name: `Marloes${viewport.width}` });
    // the member's own tab, logged in
    const memberContext = await browser.newContext(size);
    const memberPage = await memberContext.newPage();
    await enter(memberPage, member);
    const { context } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `${name}-${width.name}.png`),
    );

    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { name: 'Leden' })).toBeVisible();
    await page.getByLabel('Nummer, e-mailadres of naam').fill(member.email);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    const hit = page.getByRole('link', { name: new RegExp(`Marloes${viewport.width}`) });
    await expect(hit).toBeVisible();
    await expect(hit).toContainText(member.email);
    await scan('search');

    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${member.userId}$`));
    await expect(page.getByRole('heading', { name: `Marloes${viewport.width}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Profiel/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await scan('member');

    await page.getByRole('button', { name: 'Credits aanpassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credits aanpassen' });
    await dialog.getByLabel('Aantal credits').fill('25');
    await dialog.getByLabel('Reden').fill('Compensatie voor de storing van dinsdag');
    await scan('credits-dialog');
    await dialog.getByRole('button', { name: 'Aanpassen' }).click();
    await expect(page.getByText('Credits aangepast. Nieuw saldo: 35.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: /Credits/ }).click();
    const ledger = page.getByRole('tabpanel');
    const row = ledger.getByRole('row').filter({ hasText: 'Compensatie voor de storing' });
    await expect(row).toContainText('+25');
    await expect(row).toContainText('35');
    await scan('ledger');

    // the member's open tab: logged in, on the members area
    await expect(memberPage).toHaveURL(/\/members/);
    await page.getByRole('tab', { name: /Sessies/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('row')).not.toHaveCount(1);
    await page.getByRole('button', { name: 'Sessies beëindigen' }).click();
    const end = page.getByRole('dialog', { name: 'Sessies beëindigen' });
    await end.getByLabel('Reden').fill('Account mogelijk overgenomen');
    await end.getByRole('button', { name: 'Beëindigen' }).click();
    await expect(page.getByText(/Sessies beëindigd: \d+\./)).toBeVisible();
    await expect(page.getByText('Geen open sessies: het lid is nergens aangemeld.')).toBeVisible();
    await scan('sessions-ended');
    // logged out at once, without a reload: the socket ended and the site noticed
    await expect(memberPage).toHaveURL(/\/login/, { timeout: 15_000 });

    expect(problems).toEqual({});
    await memberContext.close();
    await context.close();
  });
});
