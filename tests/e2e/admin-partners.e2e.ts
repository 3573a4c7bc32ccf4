/**
 * Chat partners in the browser: a member writes a chat partner from the chat screen; an operator
 * signed in to the console (password, then two-step verification enrolled on the first sign-in)
 * sees the conversation arrive in the inbox without reloading, opens it and answers as the chat
 * partner; the member's open chat shows the answer live, the fictional label beside it.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { loggedInPage, OFF_LOGIN } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/screenshots');
mkdirSync(shots, { recursive: true });

/** Each step may take long on a loaded machine. */
const STEP = { timeout: 20_000 };

/** Signs an operator in through the console's form, enrolling the second factor (first time). */
async function operatorSignsIn(page: Page, operator: { email: string; password: string }) {
  await page.goto('/admin/inbox');
  await expect(page).toHaveURL(/\/admin\/login/, STEP);
  await page.getByLabel('E-mailadres').fill(operator.email);
  await page.getByLabel('Wachtwoord').fill(operator.password);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible(
    STEP,
  );
  const secret = (await page.locator('.admin-enroll__key').innerText()).trim();
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click(STEP);
  await expect(page.getByRole('heading', { name: /Goedendag|Inbox chatmaatjes/ })).toBeVisible(
    STEP,
  );
}

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = { ...DESKTOP, member: 'Fleur', partner: 'Maaike' };

test.describe(`chat partners`, () => {
  test('an operator sees a member’s message arrive in the inbox live, answers as the chat partner, and the member gets the answer live with the fictional label', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };

    // an admin makes the chat partner (the console's API)
    const { api: admin } = await staffApi(browser, ['admin']);
    const made = await admin.post('/api/staff/partners', {
      headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
      data: {
        name: viewport.partner,
        gender: 'female',
        seeking_gender: 'male',
        date_of_birth: '1991-06-03',
        country: 'NL',
        about: 'Ik fiets graag langs de Vecht.',
      },
    });
    expect(made.status()).toBe(201);
    const partner = ((await made.json()) as { partner: { id: number } }).partner;

    // the member has the chat partner's conversation open
    const member = await seedE2eMember({
      name: viewport.member,
      gender: 'male',
      credits: 200,
      paidUser: true,
      age: 36,
    });
    const m = await loggedInPage(browser, member, { viewport: size }, OFF_LOGIN);
    await m.page.goto(`/members/${partner.id}/chat`);
    await expect(m.page.locator('.chat-header__fictional')).toBeVisible(STEP);

    // the operator signs in through the console and waits in the inbox
    const operatorAccount = await seedE2eMember({ roles: ['operator'] });
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await operatorSignsIn(page, operatorAccount);
    await page.goto('/admin/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox chatmaatjes' })).toBeVisible(STEP);
    await expect(page.locator('.spinner-border')).toHaveCount(0, STEP);

    const file = (name: string, width: Width) =>
      path.join(shots, `admin-partners-${name}-${width.name}.png`);
    const { problems, scan } = scannerAtBothWidths(page, file);

    // the member writes; the conversation appears in the operator's inbox, no reload
    const question = `Hoi ${viewport.partner}, wat doe je vandaag?`;
    await m.page.getByRole('textbox', { name: 'Bericht' }).fill(question);
    await m.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(m.page.getByTestId('message-area').getByText(question)).toBeVisible(STEP);

    const pair = `${viewport.member} met ${viewport.partner}`;
    const entry = page.getByRole('link', { name: pair });
    await expect(entry).toBeVisible(STEP);
    await expect(page.getByRole('listitem').filter({ has: entry })).toContainText(question);
    await scan('inbox');

    // the operator opens it: the whole conversation, locked to them, and answers
    await entry.click();
    await expect(page).toHaveURL(/\/admin\/inbox\/\d+$/, STEP);
    await expect(page.getByRole('heading', { name: pair })).toBeVisible(STEP);
    await expect(page.getByText(question)).toBeVisible(STEP);
    await expect(page.getByText(member.email)).toHaveCount(0);
    await scan('conversation');

    const answer = `Hoi ${viewport.member}! Ik ga zo fietsen, en jij?`;
    await page.getByLabel(`Antwoord als ${viewport.partner}`).fill(answer);
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(page.getByLabel(`Antwoord als ${viewport.partner}`)).toHaveValue('', STEP);

    // the member's open chat gets it live, the chat partner labelled fictional
    const memberSees = m.page.getByTestId('message-area');
    await expect(memberSees.getByText(answer)).toBeVisible(STEP);
    await expect(m.page.locator('.chat-header__fictional')).toBeVisible();
    await expect(memberSees.getByRole('note')).toBeVisible();
    const memberScans = scannerAtBothWidths(m.page, file);
    await memberScans.scan('member');

    // answered: the conversation no longer waits in the inbox
    await page.getByRole('link', { name: '← Inbox', exact: true }).click();
    await expect(page.getByRole('link', { name: pair })).toHaveCount(0, STEP);
    await scan('inbox-after');
    expect({ ...problems, ...memberScans.problems }).toEqual({});

    await context.close();
    await m.context.close();
  });
});
