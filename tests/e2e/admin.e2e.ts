/**
 * The staff console's sign-in in a browser: a new moderator enrolls two-step verification from
 * the QR code's key (an authenticator computed here with otplib), keeps the recovery codes,
 * signs out and in again with a code; the console's first load and a member's are separate.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { violations } from './axe.js';
import { seedE2eMember } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`the staff console on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a new moderator enrolls two-step verification, keeps the recovery codes, and signs in again with a code', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const moderator = await seedE2eMember({ roles: ['moderator'] });
      const problems: Record<string, unknown> = {};
      const scan = async (name: string) => {
        const found = await violations(page);
        if (found.length > 0) problems[name] = found;
        await page.screenshot({
          path: path.join(shots, `admin-${name}-${viewport.name}.png`),
          fullPage: true,
        });
      };

      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
      await expect(page.getByRole('heading', { name: 'Aanmelden bij het beheer' })).toBeVisible();
      await scan('login');
      await page.getByLabel('E-mailadres').fill(moderator.email);
      await page.getByLabel('Wachtwoord').fill(moderator.password);
      await page.getByRole('button', { name: 'Verder' }).click();

      await expect(
        page.getByRole('heading', { name: 'Tweestapsverificatie instellen' }),
      ).toBeVisible();
      await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible();
      const secret = (await page.locator('.admin-enroll__key').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await scan('enroll');
      await page.getByLabel('Code').fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Aanmelden' }).click();

      const codes = page
        .getByRole('list', { name: 'Bewaar je herstelcodes' })
        .getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await scan('recovery-codes');
      await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
      await expect(page.getByRole('heading', { name: /Goedendag/ })).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
      await scan('home');

      // a moderator has no audit log; the address of it says so in the console's way
      await page.goto('/admin/audit');
      await expect(page.getByRole('heading', { name: 'Logboek' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText(
        'Dit deel van het beheer hoort niet bij jouw rol.',
      );

      // signed out, and in again: a code this time, no QR code, no recovery codes
      await page.getByRole('button', { name: 'Afmelden' }).click();
      await expect(page).toHaveURL(/\/admin\/login/);
      await page.getByLabel('E-mailadres').fill(moderator.email);
      await page.getByLabel('Wachtwoord').fill(moderator.password);
      await page.getByRole('button', { name: 'Verder' }).click();
      await expect(page.getByRole('heading', { name: 'Code invullen' })).toBeVisible();
      await expect(page.getByRole('img', { name: /QR-code/ })).toHaveCount(0);
      // the next time step's code: the one used to enroll is spent
      const next = Math.floor(Date.now() / 1000) + 30;
      await page.getByLabel('Code').fill(await generate({ secret, epoch: next }));
      await page.getByRole('button', { name: 'Aanmelden' }).click();
      await expect(page.getByRole('heading', { name: /Goedendag/ })).toBeVisible();
      expect(problems).toEqual({});
    });
  });
}

test('a member’s first load carries no code or text of the staff console', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script).not.toContain('staff/login-code');
    expect(script).not.toContain('Tweestapsverificatie');
  }
  // the console's code exists, in chunks of its own
  const assets = path.join(here, '../../web/dist/assets');
  const withConsole = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => readFileSync(path.join(assets, file), 'utf8').includes('staff/login-code'));
  expect(withConsole.length).toBeGreaterThan(0);
});
