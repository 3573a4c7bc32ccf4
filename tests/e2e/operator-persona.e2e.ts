/**
 * The chat partner as one person, in the browser: an admin has written a chat partner's persona
 * sheet and a canned reply with placeholders; a member who asks whether the partner is real and
 * says they are lonely writes it. The operator opens the conversation: the care warning and the
 * honest answer come first, the persona sheet beside them; the operator notes what was said,
 * inserts the canned reply (the member's name and town filled in), edits it and sends it, and
 * the member gets it.
 */
import { expect, test, type Locator } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { violations } from './axe.js';
import { loggedInApi } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/screenshots');
mkdirSync(shots, { recursive: true });

/** Each step may take long on a loaded machine. */
const STEP = { timeout: 20_000 };
const CLIENT = { 'X-Request-Type': 'client' };

for (const viewport of [
  { name: 'phone', width: 375, height: 812, member: 'Joost', partner: 'Noor' },
  { name: 'desktop', width: 1280, height: 900, member: 'Bram', partner: 'Eva' },
]) {
  test.describe(`the persona panel on a ${viewport.name}`, () => {
    test('an operator sees the warnings first, the persona sheet beside them, notes what was said and sends a canned reply with the member’s name filled in', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const size = { width: viewport.width, height: viewport.height };

      // the chat partner, its sheet and a canned reply (an admin, through the console's API)
      const partner = await seedE2eMember({
        name: viewport.partner,
        fictional: true,
        gender: 'female',
        age: 33,
      });
      const { api: admin, context: adminContext } = await staffApi(browser, ['admin']);
      const sheet = await admin.put(`/api/staff/partners/${partner.profileId}/persona`, {
        headers: CLIENT,
        data: {
          backstory: `${viewport.partner} is verpleegkundige in Utrecht en heeft een hond, Max.`,
          writing_style: 'Kort en vrolijk, met een smiley aan het eind.',
        },
      });
      expect(sheet.status()).toBe(200);
      const canned = await admin.post(`/api/staff/partners/${partner.profileId}/canned-replies`, {
        headers: CLIENT,
        data: { language: 'nl', title: 'Groet', body: 'Hoi {name}! Hoe is het in {city}?' },
      });
      expect(canned.status()).toBe(201);
      await adminContext.close();

      // the member (in Den Haag) writes the partner: asks whether she is real, and is lonely
      const member = await seedE2eMember({
        name: viewport.member,
        gender: 'male',
        city: 'Den Haag',
        credits: 200,
        paidUser: true,
        age: 44,
      });
      const memberApi = await loggedInApi(baseURL!, member);
      const question = 'Ben je wel echt? Ik voel me zo eenzaam.';
      const sent = await memberApi.post('/api/message.php', {
        headers: { 'Idempotency-Key': randomUUID() },
        data: { type: 'text', text: question, member: partner.profileId },
      });
      expect(sent.status()).toBe(201);
      const conversation = ((await sent.json()) as { message: { conversation_id: number } }).message
        .conversation_id;

      // the operator opens the conversation in the console
      const { context } = await staffApi(browser, ['operator'], { viewport: size });
      const page = await context.newPage();
      await page.goto(`/admin/inbox/${conversation}`);
      const pair = `${viewport.member} met ${viewport.partner}`;
      await expect(page.getByRole('heading', { name: pair })).toBeVisible(STEP);
      const sheetRegion = page.getByRole('region', { name: `Persoon: ${viewport.partner}` });
      await expect(sheetRegion).toContainText('heeft een hond, Max', STEP);
      await expect(sheetRegion).toContainText('Kort en vrolijk');

      // the care warning and the honest answer come first on the screen
      const warning = page.getByText('Let op: mogelijk kwetsbaar lid');
      const honesty = page.getByRole('button', { name: 'Eerlijk antwoord invullen' });
      await expect(warning).toBeVisible();
      await expect(honesty).toBeVisible();
      const sheetNode = await sheetRegion.elementHandle();
      const before = (first: Locator) =>
        first.evaluate(
          (node, other) =>
            Boolean(node.compareDocumentPosition(other as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
          sheetNode,
        );
      expect(await before(warning)).toBe(true);
      expect(await before(honesty)).toBe(true);
      const top = async (locator: Locator) =>
        (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(await top(warning)).toBeLessThan(await top(sheetRegion));

      const problems: Record<string, unknown> = {};
      const scan = async (name: string) => {
        const found = await violations(page);
        if (found.length > 0) problems[name] = found;
        await page.screenshot({
          path: path.join(shots, `operator-persona-${name}-${viewport.name}.png`),
          fullPage: true,
        });
      };
      await scan('opened');

      // a note on what was said, kept with its author
      await page
        .getByLabel('Wat is er gezegd?')
        .fill(`Vraagt of ${viewport.partner} echt is; voelt zich eenzaam.`);
      await page.getByRole('button', { name: 'Gespreksnotitie opslaan' }).click();
      const notes = page.getByRole('region', { name: 'Notities bij dit gesprek' });
      await expect(notes).toContainText('voelt zich eenzaam', STEP);

      // the canned reply, filled in, into the reply box; edited there and sent
      const replies = page.getByRole('region', { name: 'Standaardantwoorden (Nederlands)' });
      await expect(replies).toContainText(`Hoi ${viewport.member}! Hoe is het in Den Haag?`);
      await replies.getByRole('button', { name: 'Invoegen: Groet' }).click();
      const box = page.getByLabel(`Antwoord als ${viewport.partner}`);
      await expect(box).toHaveValue(`Hoi ${viewport.member}! Hoe is het in Den Haag?`);
      await expect(box).toBeFocused();
      const answer = `Hoi ${viewport.member}! Hoe is het in Den Haag? Fijn dat je schrijft.`;
      await box.fill(answer);
      await scan('reply');
      await page.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(box).toHaveValue('', STEP);

      // the member got it, from the (fictional) chat partner
      await expect
        .poll(
          async () =>
            JSON.stringify(
              await (await memberApi.get(`/api/chat.php?conversation=${conversation}`)).json(),
            ),
          STEP,
        )
        .toContain('Fijn dat je schrijft.');
      expect(problems).toEqual({});
      await context.close();
      await memberApi.dispose();
    });
  });
}
