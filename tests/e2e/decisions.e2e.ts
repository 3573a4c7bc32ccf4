import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { enter, loggedInApi } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`statements of reasons and notices on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a warned member reads why on "Beslissingen" and appeals it', async ({
      page,
      browser,
      baseURL,
    }) => {
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `decisions-${name}-${viewport.name}.png`),
      );
      const reporter = await seedE2eMember({ name: `Melder${viewport.name}` });
      const warned = await seedE2eMember({ name: `Gewaarschuwd${viewport.name}` });
      const api = await loggedInApi(baseURL!, reporter);
      const complaint = await api.post('/api/complaint.php', {
        headers: { 'Idempotency-Key': randomUUID() },
        data: {
          about: 'member',
          member: warned.profileId,
          subject: 'Telefoonnummer',
          message: 'Dit lid stuurt iedereen zijn telefoonnummer.',
        },
      });
      expect(complaint.status()).toBe(201);
      const { complaint: filed } = (await complaint.json()) as { complaint: { id: number } };
      const { api: staff, context } = await staffApi(browser, ['moderator']);
      const acted = await staff.post(`/api/staff/complaints/${filed.id}/action`, {
        headers: { 'X-Request-Type': 'client' },
        data: {
          action: 'warn',
          reason: 'Je zette je telefoonnummer in berichten aan leden.',
          ground: 'contact_details',
        },
      });
      expect(acted.status()).toBe(200);
      await context.close();
      await api.dispose();

      await enter(page, warned, '/decisions');
      await expect(page.getByRole('heading', { level: 1, name: 'Beslissingen' })).toBeVisible();
      const card = page.getByRole('article', { name: 'Waarschuwing' });
      await expect(card.getByText('Contactgegevens of links in je profiel')).toBeVisible();
      await expect(
        card.getByRole('link', { name: 'algemene voorwaarden, artikel 7' }),
      ).toBeVisible();
      await expect(card.getByText(/zonder automatische markering/)).toBeVisible();
      await scan('statement');

      await card.getByLabel('Bezwaar maken').fill('Dat was mijn zakelijke nummer, per ongeluk.');
      await card.getByRole('button', { name: 'Bezwaar versturen' }).click();
      await expect(card.getByText(/Een andere moderator beslist uiterlijk/)).toBeVisible();
      await expect(card.getByText('Dat was mijn zakelijke nummer, per ongeluk.')).toBeVisible();
      await scan('appealed');
      expect(problems).toEqual({});
    });

    test('a visitor reports a profile without an account and is told it arrived', async ({
      page,
    }) => {
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `report-${name}-${viewport.name}.png`),
      );
      const reported = await seedE2eMember({ name: `Gemeld${viewport.name}` });
      await page.goto('/report');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Illegale inhoud melden' }),
      ).toBeVisible();
      await page.getByLabel('Reden').selectOption('scam');
      await page.getByLabel('Waar staat het precies?').fill(`/members/${reported.profileId}`);
      await page
        .getByLabel('Waarom is dit illegaal of niet toegestaan?')
        .fill('Dit profiel vraagt leden om geld over te maken.');
      await page.getByLabel('Je naam').fill('Een Bezoeker');
      await page.getByLabel('Je e-mailadres').fill(`bezoeker-${viewport.name}@example.com`);
      await page.getByRole('button', { name: 'Melding versturen' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Bevestig dat je melding te goeder trouw is.',
      );
      await scan('form');
      await page.getByLabel(/te goeder trouw/).check();
      await page.getByRole('button', { name: 'Melding versturen' }).click();
      await expect(page.getByRole('status')).toContainText('Bedankt voor je melding.');
      await scan('received');
      expect(problems).toEqual({});
    });
  });
}
