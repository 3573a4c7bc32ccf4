/**
 * The operators' tools in the browser (issue 38 item 5): an admin fills a chat partner's photo
 * library in the partner editor; a member writes the partner from the chat screen; an operator
 * presses "Volgend gesprek", gets that conversation (the longest-waiting one nobody holds),
 * sends a photo of the partner's library and a gift as the partner, and the member's open chat
 * shows both live, the partner labelled fictional; an admin reads the operator's figures and a
 * sample of their replies. At 375 and 1280 px, each console screen axe-clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { violations } from './axe.js';
import { loggedInPage, OFF_LOGIN } from './members.js';
import { seedE2eMember, seedE2eWaitingSince } from './seed.js';
import { staffApi } from './staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/screenshots');
mkdirSync(shots, { recursive: true });

/** Each step may take long on a loaded machine. */
const STEP = { timeout: 20_000 };

function libraryPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1100, channels: 3, background: '#c97b63' } })
    .jpeg()
    .toBuffer();
}

// one after the other: each makes its conversation the longest-waiting, for its own operator
test.describe.configure({ mode: 'serial' });

for (const viewport of [
  { name: 'phone', width: 375, height: 812, member: 'Joost', partner: 'Iris', since: 1 },
  { name: 'desktop', width: 1280, height: 900, member: 'Ruben', partner: 'Noor', since: 2 },
]) {
  test(`on a ${viewport.name}: an operator takes the next conversation, sends a library photo and a gift as the partner, the member sees both live, and an admin reads the operator's figures`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const size = { width: viewport.width, height: viewport.height };
    const problems: Record<string, unknown> = {};
    const scan = async (target: Page, name: string) => {
      await expect(target.locator('.spinner-border')).toHaveCount(0, STEP);
      const found = await violations(target);
      if (found.length > 0) problems[name] = found;
      await target.screenshot({
        path: path.join(shots, `operator-library-${name}-${viewport.name}.png`),
        fullPage: true,
      });
    };

    // an admin makes the chat partner and fills its library in the editor
    const { api: adminApi, context: adminContext } = await staffApi(browser, ['admin'], {
      viewport: size,
    });
    const made = await adminApi.post('/api/staff/partners', {
      headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
      data: {
        name: viewport.partner,
        gender: 'female',
        seeking_gender: 'male',
        date_of_birth: '1990-03-14',
        country: 'NL',
        about: 'Wandelen in de duinen.',
      },
    });
    expect(made.status()).toBe(201);
    const partner = ((await made.json()) as { partner: { id: number } }).partner;
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/partners/${partner.id}`);
    const library = adminPage.getByRole('region', { name: 'Fotobibliotheek' });
    await expect(library.getByText("Foto's: 0 van 100")).toBeVisible(STEP);
    await library.getByLabel('Foto toevoegen aan de bibliotheek').setInputFiles({
      name: 'duinen.jpg',
      mimeType: 'image/jpeg',
      buffer: await libraryPhoto(),
    });
    await expect(library.getByText("Foto's: 1 van 100")).toBeVisible(STEP);
    // the thumbnail loads from the staff-only media route
    const thumb = library.locator('img');
    await expect(thumb).toHaveCount(1);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth), STEP)
      .toBeGreaterThan(0);
    await scan(adminPage, 'partner-library');

    // the member writes the partner and keeps the chat open
    const member = await seedE2eMember({
      name: viewport.member,
      gender: 'male',
      credits: 200,
      paidUser: true,
      age: 38,
    });
    const m = await loggedInPage(browser, member, { viewport: size }, OFF_LOGIN);
    await m.page.goto(`/members/${partner.id}/chat`);
    await expect(m.page.locator('.chat-header__fictional')).toBeVisible(STEP);
    const question = `Hoi ${viewport.partner}, heb je een foto van de duinen?`;
    await m.page.getByRole('textbox', { name: 'Bericht' }).fill(question);
    await m.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const memberSees = m.page.getByTestId('message-area');
    await expect(memberSees.getByText(question)).toBeVisible(STEP);
    const chats = (await (await m.page.request.get('/api/chats.php')).json()) as {
      chats: { conversation: { id: number }; profile: { id: number } }[];
    };
    const conversation = chats.chats.find((c) => c.profile.id === partner.id)!.conversation.id;
    // it has waited longest of all (longer than the demo's waiting conversations)
    await seedE2eWaitingSince(conversation, new Date(Date.UTC(2000, 0, viewport.since)));
    const creditsBefore = (
      (await (await m.page.request.get('/api/user.php')).json()) as { user: { credits: number } }
    ).user.credits;

    // the operator presses "Volgend gesprek" in the inbox and gets that conversation
    const { context: operatorContext } = await staffApi(browser, ['operator'], { viewport: size });
    const page = await operatorContext.newPage();
    await page.goto('/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox chatmaatjes' })).toBeVisible(STEP);
    await scan(page, 'inbox');
    await page.getByRole('button', { name: /Volgend gesprek/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inbox/${conversation}$`), STEP);
    const pair = `${viewport.member} met ${viewport.partner}`;
    await expect(page.getByRole('heading', { name: pair })).toBeVisible(STEP);
    await expect(page.getByText(question)).toBeVisible(STEP);

    // a photo of the partner's own library, sent as the partner
    const extras = page.getByRole('region', { name: `Foto of cadeau als ${viewport.partner}` });
    await extras.getByRole('button', { name: 'Foto 1 kiezen' }).click();
    await scan(page, 'composer');
    await extras.getByRole('button', { name: `Foto sturen als ${viewport.partner}` }).click();
    await expect(extras.getByText('Foto verstuurd.')).toBeVisible(STEP);
    await expect(memberSees.locator('[data-type="photo"] img')).toBeVisible(STEP);

    // and a gift, free for the member
    await extras.getByRole('button', { name: /Roos/ }).click();
    await extras.getByRole('button', { name: `Cadeau sturen als ${viewport.partner}` }).click();
    await expect(extras.getByText('Cadeau verstuurd.')).toBeVisible(STEP);
    await expect(
      memberSees.getByText(`${viewport.partner} stuurde je een cadeau: Roos`),
    ).toBeVisible(STEP);
    await expect(m.page.locator('.chat-header__fictional')).toBeVisible();
    const creditsAfter = (
      (await (await m.page.request.get('/api/user.php')).json()) as { user: { credits: number } }
    ).user.credits;
    expect(creditsAfter).toBe(creditsBefore);
    await m.page.screenshot({
      path: path.join(shots, `operator-library-member-${viewport.name}.png`),
    });
    await scan(page, 'conversation');

    // the admin reads the operator's figures and a sample of their replies
    await adminPage.goto('/admin/operators?days=1');
    await expect(adminPage.getByRole('heading', { name: 'Operators' })).toBeVisible(STEP);
    const operatorRow = adminPage.getByRole('row').filter({ has: adminPage.getByRole('link') });
    await expect(operatorRow.first()).toBeVisible(STEP);
    await scan(adminPage, 'operators');
    const meRes = await operatorContext.request.get('/api/staff/me');
    const me = ((await meRes.json()) as { staff: { id: number } }).staff;
    await adminPage.goto(`/admin/operators/${me.id}?days=1`);
    await expect(adminPage.getByRole('heading', { name: /Beoordeling:/ })).toBeVisible(STEP);
    const sample = adminPage.getByRole('region', { name: 'Steekproef van antwoorden' });
    await expect(sample.getByText('Foto uit de bibliotheek')).toBeVisible(STEP);
    await expect(sample.getByText('Cadeau: Roos')).toBeVisible(STEP);
    await expect(sample.getByText(question).first()).toBeVisible(STEP);
    await scan(adminPage, 'operator-review');

    expect(problems).toEqual({});
    await operatorContext.close();
    await adminContext.close();
    await m.context.close();
  });
}
