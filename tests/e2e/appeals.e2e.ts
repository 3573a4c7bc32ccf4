/**
 * A ban explained and appealed (issue 35, point 4): the banned member, who can no longer log in,
 * opens the link of the ban's mail and reads what was decided, on which ground and how to
 * appeal, and appeals; on the console's appeals page the moderator who banned may not decide it,
 * a different moderator reverses it, and the member reads the outcome by the same link. Axe-clean
 * at every step, with screenshots at 375 and 1280 px.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { useMailbox } from './mail.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const mailbox = useMailbox();

for (const size of [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(`a ban's statement and its appeal on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a banned member reads the ban by the mail link and appeals; a different moderator reverses it on the appeals page', async ({
      page,
      browser,
    }) => {
      // three people, mails and a scan at every step: past a minute on a busy machine
      test.setTimeout(120_000);
      const shot = (name: string) => path.join(shots, `appeals-${name}-${size.name}.png`);
      const { problems, scan } = scanner(page, shot);
      const name = `Geblokkeerd${size.name}${randomUUID().slice(0, 6)}`;
      const banned = await seedE2eMember({ name });
      const contexts: BrowserContext[] = [];
      const first = await staffApi(browser, ['moderator'], { viewport: size.viewport });
      contexts.push(first.context);
      const ban = await first.api.post(`/api/staff/members/${banned.userId}/ban`, {
        headers: { 'X-Request-Type': 'client' },
        data: {
          reason: 'Je vroeg meerdere leden om geld over te maken.',
          ground: 'scam',
        },
      });
      expect(ban.status()).toBe(200);

      // the ban's mail carries the link: no login (a banned member has none)
      const link = await mailbox.linkFor(banned.email, 'decisions/access');
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByRole('heading', { level: 1, name: 'Beslissingen' })).toBeVisible();
      const card = page.getByRole('article', { name: 'Account geblokkeerd' });
      await expect(card.getByText('Je account')).toBeVisible();
      await expect(card.getByText('Vragen om geld of betaalgegevens')).toBeVisible();
      await expect(card.getByText('Je vroeg meerdere leden om geld over te maken.')).toBeVisible();
      await expect(card.getByRole('link', { name: /algemene voorwaarden, artikel/ })).toBeVisible();
      await expect(card.getByText(/Niet eens met dit besluit\?/)).toBeVisible();
      await scan('statement');

      await card.getByLabel('Bezwaar maken').fill('Ik vroeg niemand om geld; dat was een grap.');
      await card.getByRole('button', { name: 'Bezwaar versturen' }).click();
      await expect(card.getByText(/Een andere moderator beslist uiterlijk/)).toBeVisible();
      await scan('appealed');

      // the moderator who banned sees the appeal but may not decide it
      const own = await first.context.newPage();
      const ownScan = scanner(own, (n) => shot(`console-${n}`));
      await own.goto('/admin/appeals');
      await expect(own.getByRole('heading', { level: 1, name: 'Bezwaren' })).toBeVisible();
      const ownCard = own.getByRole('article', { name: `${name}: Account geblokkeerd` });
      await expect(ownCard.getByText('Ik vroeg niemand om geld; dat was een grap.')).toBeVisible();
      await expect(ownCard.getByText(/Jij nam dit besluit/)).toBeVisible();
      await expect(ownCard.getByRole('button', { name: 'Beslissen' })).toHaveCount(0);
      await ownScan.scan('not-yours');

      // a different moderator reverses it, explained
      const second = await staffApi(browser, ['moderator'], { viewport: size.viewport });
      contexts.push(second.context);
      const desk = await second.context.newPage();
      const deskScan = scanner(desk, (n) => shot(`console-${n}`));
      await desk.goto('/admin/appeals');
      const appeal = desk.getByRole('article', { name: `${name}: Account geblokkeerd` });
      await expect(
        appeal.getByText('Je vroeg meerdere leden om geld over te maken.'),
      ).toBeVisible();
      await appeal.getByLabel('Besluit teruggedraaid').check();
      await appeal
        .getByLabel('Toelichting voor het lid')
        .fill('Het gesprek laat zien dat het een grap was; je account is weer open.');
      await deskScan.scan('deciding');
      await appeal.getByRole('button', { name: 'Beslissen' }).click();
      await expect(appeal).toHaveCount(0);
      await desk.getByRole('button', { name: 'Beslist' }).click();
      const decided = desk.getByRole('article', { name: `${name}: Account geblokkeerd` });
      await expect(decided.getByText('Besluit teruggedraaid')).toBeVisible();
      await deskScan.scan('decided');

      // the member reads the outcome by the same link, and may log in again
      await page.reload();
      const after = page.getByRole('article', { name: 'Account geblokkeerd' });
      await expect(after.getByText('We hebben ons besluit teruggedraaid.')).toBeVisible();
      await expect(after.getByText(/je account is weer open/)).toBeVisible();
      await scan('outcome');

      for (const context of contexts) await context.close();
      expect({ ...problems, ...ownScan.problems, ...deskScan.problems }).toEqual({});
    });
  });
}
