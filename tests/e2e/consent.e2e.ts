import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { logIn } from './members.js';
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
  test.describe(`consent on a ${viewport.name}`, () => {
    test('a member who accepted the earlier privacy statement accepts the new one at login, then pays only after consenting to immediate delivery', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      // accepted the terms in force and the privacy statement before its latest version
      const member = await seedE2eMember({
        country: 'NL',
        acceptedLegal: { terms: '2023-12-01', privacy: '2023-12-01' },
      });
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `consent-${name}-${viewport.name}.png`),
      );

      // the login lands on the re-acceptance screen instead of the members' page
      await logIn(page, member);
      await expect(page.getByRole('heading', { name: 'Voordat je verdergaat' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Privacybeleid' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Algemene voorwaarden' })).toHaveCount(0);
      await expect(
        page.getByText(/We leggen nu vast met welke versie van de voorwaarden/),
      ).toBeVisible();
      await scan('reaccept');
      await page.getByRole('button', { name: 'Akkoord en verder' }).click();
      await expect(page.getByText('Vink het vakje aan om verder te gaan.')).toBeVisible();
      await page.getByRole('checkbox', { name: /gelezen en ga ermee akkoord/ }).check();
      await page.getByRole('button', { name: 'Akkoord en verder' }).click();
      await expect(page.getByRole('heading', { name: 'Voordat je verdergaat' })).toHaveCount(0);
      // a new page load asks no more
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Voordat je verdergaat' })).toHaveCount(0);
      const me = await (await page.request.get('/api/user.php')).json();
      expect(me.user.pending_consents).toEqual([]);

      // the checkout: the consent to immediate delivery, unticked, before paying
      const tryout = await packageId(page, 'tryout');
      await page.goto(`/credits/${tryout}`);
      await page.getByRole('radio', { name: /^iDEAL/ }).check();
      const consent = page.getByRole('checkbox', {
        name: /Ik ga ermee akkoord dat de levering direct begint/,
      });
      await expect(consent).not.toBeChecked();
      await page.getByRole('button', { name: 'Betalen met iDEAL' }).click();
      await expect(page.getByText('Geef eerst toestemming voor directe levering.')).toBeVisible();
      await expect(page).toHaveURL(/\/credits\/\d+$/);
      await scan('checkout-refused');
      await consent.check();
      await scan('checkout');
      await page.getByRole('button', { name: 'Betalen met iDEAL' }).click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_tr_/);

      expect(problems).toEqual({});
      await context.close();
    });
  });
}
