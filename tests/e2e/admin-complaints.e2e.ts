/**
 * Complaints and bans, end to end: a member reports another through the complaint form, an admin
 * signs in to the console, opens the complaint from the inbox and bans the reported member with
 * a reason and a confirmation; the banned member's open tab shows the ban page at once, without
 * a reload, and a new login lands on it too. Axe-clean; screenshots at 375 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { logIn, loggedInPage } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

/** The machine may be busy: every wait here gets 20 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`complaints and bans`, () => {
  test.use({ viewport: { width: viewport.width, height: viewport.height } });

  test('an admin bans a reported member from the complaint; the member’s open tab shows the ban page at once', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    const reporter = await seedE2eMember({ gender: 'male', country: 'NL' });
    const reported = await seedE2eMember({ gender: 'female', country: 'NL' });
    const file = (name: string, width: Width) =>
      path.join(shots, `admin-complaints-${name}-${width.name}.png`);

    // the reported member has the site open
    const banned = await loggedInPage(browser, reported, size);
    await expect(banned.page).toHaveURL(/\/members/);

    // the reporter reports her through the complaint form
    const reporting = await loggedInPage(browser, reporter, size);
    const subject = `Vraagt om geld ${Date.now()}`;
    await reporting.page.goto(`/complaints?about=member&member=${reported.profileId}`);
    await reporting.page.getByLabel('Onderwerp').fill(subject);
    await reporting.page.getByLabel('Je bericht').fill('Ze vraagt steeds om geld over te maken.');
    const sent = reporting.page.waitForResponse(
      (res) => res.url().includes('/api/complaint.php') && res.request().method() === 'POST',
    );
    await reporting.page.getByRole('button', { name: 'Klacht versturen' }).click();
    expect((await sent).status()).toBe(201);

    // an admin opens it from the inbox
    const { context } = await staffApi(browser, ['admin']);
    const admin = await context.newPage();
    await admin.setViewportSize(size.viewport);
    const { problems, scan } = scannerAtBothWidths(admin, file);
    await admin.goto('/admin/complaints');
    await expect(admin.getByRole('heading', { name: 'Klachten', level: 1 })).toBeVisible();
    await expect(admin.getByTestId('count-open')).toBeVisible();
    await scan('inbox');
    await admin.getByRole('link', { name: subject }).click();
    await expect(admin.getByRole('heading', { name: /Klacht #\d+/ })).toBeVisible();
    await expect(admin.getByText('Ze vraagt steeds om geld over te maken.')).toBeVisible();
    await expect(admin.getByText('Zichtbaar voor leden')).toBeVisible();
    await scan('complaint');

    await admin.getByRole('button', { name: 'Blokkeren' }).click();
    await admin.getByLabel('Reden (komt in het logboek)').fill('Vraagt leden om geld');
    await admin.getByRole('button', { name: 'Lid blokkeren' }).click();
    await expect(admin.getByRole('alert')).toContainText('wordt nu geblokkeerd');
    await scan('confirm-ban');
    await admin.getByRole('button', { name: 'Ja, blokkeren' }).click();
    await expect(admin.getByText('Opgeslagen. De klacht is bijgewerkt.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Deblokkeren' })).toBeVisible();
    await scan('banned');

    // the banned member's open tab: the ban page, without a reload
    await expect(banned.page).toHaveURL(/\/ban\?account=banned$/, { timeout: 5_000 });
    await expect(
      banned.page.getByRole('heading', { name: 'Je account is geblokkeerd' }),
    ).toBeVisible();
    const bannedScans = scannerAtBothWidths(banned.page, file);
    await bannedScans.scan('ban-page');

    // logging in again lands on the ban page too
    const again = await browser.newContext(size);
    const page = await again.newPage();
    await logIn(page, reported, /\/ban\?account=banned$/);
    await expect(page.getByRole('heading', { name: 'Je account is geblokkeerd' })).toBeVisible();

    expect({ ...problems, ...bannedScans.problems }).toEqual({});
    await Promise.all([
      banned.context.close(),
      reporting.context.close(),
      context.close(),
      again.close(),
    ]);
  });
});
