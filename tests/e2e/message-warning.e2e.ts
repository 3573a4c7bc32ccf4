/**
 * Scams and contact details in messages (issue 35, item 2), end to end: a member asks another
 * for money with an IBAN; the recipient's conversation shows the message with a warning
 * beside it in their language, the sender's shows nothing different; a moderator finds it in the
 * console's queue with the conversation around it and dismisses it with a reason. Axe-clean;
 * screenshots at 375 and 1280 px.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { violations } from './axe.js';
import { randomUUID } from 'node:crypto';
import { loggedInPage, OFF_LOGIN } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

/** The machine may be busy: every wait here gets 20 s. */
const expect = baseExpect.configure({ timeout: 20_000 });

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A text sent over the API as the page's member. */
async function sendText(page: Page, to: { member: number }, text: string) {
  const res = await page.request.post('/api/message.php', {
    headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
    data: { type: 'text', text, ...to },
  });
  expect(res.status()).toBe(201);
}

const WARNING = 'Dit lid vraagt om geld: stuur nooit geld naar iemand die je niet hebt ontmoet.';

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`the scam warning on a ${viewport.name}`, () => {
    test('the recipient sees a warning beside a message that asks for money; the sender does not; a moderator handles it in the queue', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const ASKS = `Stuur me 200 euro via NL91ABNA0417164300, dan kom ik naar je toe (${viewport.name} ${randomUUID().slice(0, 8)})`;
      const size = { viewport: { width: viewport.width, height: viewport.height } };
      const problems: Record<string, unknown> = {};
      const scan = async (page: Page, name: string) => {
        const found = await violations(page);
        if (found.length > 0) problems[name] = found;
        await page.screenshot({
          path: path.join(shots, `message-warning-${name}-${viewport.name}.png`),
          fullPage: name === 'queue',
        });
      };
      const sanne = await seedE2eMember({ name: 'Sanne', credits: 200, paidUser: true, age: 33 });
      const tom = await seedE2eMember({ name: 'Tom', credits: 0, paidUser: true, age: 36 });
      const s = await loggedInPage(browser, sanne, size, OFF_LOGIN);
      const b = await loggedInPage(browser, tom, size, OFF_LOGIN);

      await sendText(s.page, { member: tom.profileId }, 'Hoi Tom, leuk je te spreken!');
      await sendText(s.page, { member: tom.profileId }, ASKS);
      // Tom opens the conversation: the request carries the warning beside it
      await b.page.goto(`/members/${sanne.profileId}/chat`);
      const tomSees = b.page.getByTestId('message-area');
      await expect(tomSees.getByText('Hoi Tom, leuk je te spreken!')).toBeVisible();
      const flagged = tomSees.getByTestId('message').filter({ hasText: ASKS });
      await expect(flagged.getByTestId('message-warning')).toContainText(WARNING);
      await expect(flagged.getByRole('note')).toContainText('Let op');
      // the ordinary message carries none
      await expect(tomSees.getByTestId('message-warning')).toHaveCount(1);
      await scan(b.page, 'recipient');

      // the sender sees their message as ever
      await s.page.goto(`/members/${tom.profileId}/chat`);
      const sanneSees = s.page.getByTestId('message-area');
      await expect(sanneSees.getByText(ASKS)).toBeVisible();
      await expect(sanneSees.getByTestId('message-warning')).toHaveCount(0);
      await scan(s.page, 'sender');

      // a moderator finds it in the queue, with the conversation around it, and dismisses it
      const { context } = await staffApi(browser, ['moderator']);
      const mod = await context.newPage();
      await mod.setViewportSize(size.viewport);
      await mod.goto('/admin/scams');
      await expect(
        mod.getByRole('heading', { name: 'Berichten met risico', level: 1 }),
      ).toBeVisible();
      const card = mod.getByTestId('scam-flag').filter({ hasText: ASKS });
      await expect(card).toContainText('Vraagt om geld');
      await expect(card).toContainText('IBAN');
      await expect(card).toContainText('Hoi Tom, leuk je te spreken!');
      await scan(mod, 'queue');
      await card.getByRole('button', { name: 'Afwijzen' }).click();
      await card.getByLabel('Reden (komt in het logboek)').fill('Grap tussen bekenden');
      await card.locator('button[type=submit]').click();
      await expect(mod.getByTestId('scam-flag').filter({ hasText: ASKS })).toHaveCount(0);

      expect(problems).toEqual({});
      await Promise.all([s.context.close(), b.context.close(), context.close()]);
    });
  });
}
