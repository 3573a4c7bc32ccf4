/**
 * The figures dashboard and the staff accounts screen in a browser: an admin signs in (enrolling
 * the second factor), opens the figures, switches the range (in the address), and creates a
 * moderator whose one-time password is shown once. recharts loads with the dashboard only.
 * Axe-clean and screenshotted at 375 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { seedE2eMember } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

async function signInAsAdmin(page: Page) {
  const admin = await seedE2eMember({ roles: ['admin'] });
  await page.goto('/admin/login');
  await page.getByLabel('E-mailadres').fill(admin.email);
  await page.getByLabel('Wachtwoord').fill(admin.password);
  await page.getByRole('button', { name: 'Verder' }).click();
  const secret = (await page.locator('.admin-enroll__key').innerText()).trim();
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
  await expect(page.getByRole('heading', { name: /Goedendag/ })).toBeVisible();
}

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`figures and staff accounts`, () => {
  test.use({ viewport: { width: viewport.width, height: viewport.height } });

  test('an admin opens the figures, switches the range, and creates a moderator', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `admin-${name}-${width.name}.png`),
    );

    await signInAsAdmin(page);
    const beforeDashboard = scripts.length;
    expect(scripts.some((url) => /DayChart/.test(url))).toBe(false);

    await page.goto('/admin/figures?range=7');
    await expect(page.getByRole('heading', { name: 'Cijfers', level: 1 })).toBeVisible();
    const signups = page.getByRole('region', { name: 'Aanmeldingen' });
    await expect(signups.getByText('totaal, 7 dagen')).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    // the chart's chunk came with the dashboard, not before
    expect(scripts.slice(beforeDashboard).some((url) => /DayChart/.test(url))).toBe(true);
    await signups.getByText('Als tabel').click();
    await expect(signups.getByRole('table')).toBeVisible();
    await expect(signups.getByRole('row')).toHaveCount(8);
    await scan('figures-7');

    await page.getByRole('link', { name: '30 dagen' }).click();
    await expect(page).toHaveURL(/\/admin\/figures\?range=30$/);
    await expect(signups.getByText('totaal, 30 dagen')).toBeVisible();
    await expect(page.getByRole('link', { name: '30 dagen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await scan('figures-30');

    // the staff screen: a new moderator, its password shown once
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Medewerkers', level: 1 })).toBeVisible();
    await expect(page.getByText('Jij')).toBeVisible();
    const email = `moderator-${Date.now()}-${viewport.name}@staff.test`;
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Naam (optioneel)').fill('Nieuwe moderator');
    await page.getByRole('button', { name: 'Account maken' }).click();
    const password = page.getByTestId('one-time-password');
    await expect(password).toHaveText(/^\S{32}$/);
    await expect(page.getByText(`Nieuwe moderator · ${email}`)).toBeVisible();
    await scan('staff');

    expect(problems).toEqual({});
  });
});
