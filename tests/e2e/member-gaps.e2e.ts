import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DESKTOP,
  photographerAtBothWidths,
  scannerAtBothWidths,
  violations,
  WIDTHS,
  type Width,
} from './axe.js';
import { loggedInApi, loggedInPage, sendText } from './members.js';
import { seedE2eMember } from './seed.js';

/**
 * Smaller parts of the member side (SPEC point 2): the profile's gift button, the conversation
 * begun on /members/{id}/chat moving to /chats/{id}, the last conversation kept, /callback, the
 * dot on the collapsed menu button, and the heading order of /pricing.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Bericht' });
}

async function balance(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/user.php')).json()) as {
    user: { credits: number };
  };
  return me.user.credits;
}

// the flow runs once, at a desktop's width; each screen is scanned and photographed at both
// widths (375 and 1280 px). What /chats opens differs by width and is checked at both.
const size = { width: DESKTOP.width, height: DESKTOP.height };

/** A screen's screenshot at a width: screenshots/gaps-<name>-<phone|desktop>.png. */
const shot = (name: string, width: Width) => path.join(shots, `gaps-${name}-${width.name}.png`);

test.describe('member side', () => {
  test('the gift button of a profile opens the gift picker and sends the gift in the conversation, paid once', async ({
    browser,
  }) => {
    const anna = await seedE2eMember({ name: 'Anna', credits: 100, paidUser: true, age: 31 });
    const bram = await seedE2eMember({ name: 'Bram', credits: 0, paidUser: true, age: 34 });
    const { page, context } = await loggedInPage(browser, anna, { viewport: size });
    const { problems, scan } = scannerAtBothWidths(page, shot);

    await page.goto(`/members/${bram.profileId}`);
    await page.getByRole('button', { name: 'Cadeau sturen' }).click();
    const picker = page.getByRole('dialog', { name: 'Een cadeau voor Bram' });
    await expect(picker.getByTestId('gift-rose')).toContainText('20 credits');
    await scan('profile-gifts');
    await picker.getByTestId('gift-rose').click();

    // the gift started the conversation, which is now open at its own address
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const area = page.getByTestId('message-area');
    await expect(area.getByTestId('message')).toHaveCount(1);
    await expect(area.locator('[data-type="gift"]')).toBeVisible();
    expect(await balance(page)).toBe(80);
    await photographerAtBothWidths(page, shot)('profile-gift-sent');

    // a reload shows the same conversation and sends nothing again
    await page.reload();
    await expect(area.getByTestId('message')).toHaveCount(1);
    expect(await balance(page)).toBe(80);
    expect(problems).toEqual({});
    await context.close();
  });

  test('a gift the balance does not cover opens the insufficient-credits modal on the profile', async ({
    browser,
  }) => {
    const poor = await seedE2eMember({ name: 'Pim', credits: 5, paidUser: true, age: 40 });
    const other = await seedE2eMember({ name: 'Roos', credits: 0, paidUser: true, age: 38 });
    const { page, context } = await loggedInPage(browser, poor, { viewport: size });
    const { problems, scan } = scannerAtBothWidths(page, shot);

    await page.goto(`/members/${other.profileId}`);
    await page.getByRole('button', { name: 'Cadeau sturen' }).click();
    await page
      .getByRole('dialog', { name: 'Een cadeau voor Roos' })
      .getByTestId('gift-rose')
      .click();
    const modal = page.getByRole('dialog', { name: 'Niet genoeg credits' });
    await expect(modal).toContainText('Je hebt niet genoeg credits voor dit cadeau.');
    await expect(modal).toContainText('Nodig: 20 credits. Je saldo: 5 credits.');
    await expect(modal.getByRole('link', { name: 'Credits kopen' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/members/${other.profileId}$`));
    await scan('gift-short');
    expect(await balance(page)).toBe(5);
    expect(problems).toEqual({});
    await context.close();
  });

  test('after the first message /members/{id}/chat becomes /chats/{id} in the same history entry, and the socket goes on', async ({
    browser,
  }) => {
    const anna = await seedE2eMember({ name: 'Anna', credits: 100, paidUser: true, age: 29 });
    const bram = await seedE2eMember({ name: 'Bram', credits: 100, paidUser: true, age: 33 });
    const { page, context } = await loggedInPage(browser, anna, { viewport: size });

    await page.goto(`/members/${bram.profileId}`);
    await page.getByRole('link', { name: 'Bericht sturen' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${bram.profileId}/chat$`));
    await composer(page).fill('Hoi Bram!');
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const conversation = Number(new URL(page.url()).pathname.split('/').pop());

    // Bram answers: it arrives live in the same view
    const bramApi = await loggedInApi(new URL(page.url()).origin, bram);
    await sendText(bramApi, { conversation }, 'Hoi Anna, hoe gaat het?');
    const area = page.getByTestId('message-area');
    await expect(area.getByText('Hoi Anna, hoe gaat het?')).toBeVisible();
    await expect(area.getByTestId('message')).toHaveCount(2);
    await bramApi.dispose();

    // the member chat page left no history entry of its own: back is the profile
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/members/${bram.profileId}$`));
    await context.close();
  });

  test('/chats reopens the last opened conversation on a desktop, and shows the conversation list on a phone', async ({
    browser,
  }) => {
    const anna = await seedE2eMember({ name: 'Anna', credits: 100, paidUser: true, age: 27 });
    const kees = await seedE2eMember({ name: 'Kees', credits: 0, paidUser: true, age: 30 });
    const lars = await seedE2eMember({ name: 'Lars', credits: 0, paidUser: true, age: 32 });
    const { page, context } = await loggedInPage(browser, anna, { viewport: size });
    const annaApi = await loggedInApi(new URL(page.url()).origin, anna);
    const withKees = await sendText(annaApi, { member: kees.profileId }, 'Hoi Kees');
    await sendText(annaApi, { member: lars.profileId }, 'Hoi Lars');
    await annaApi.dispose();

    await page.goto(`/chats/${withKees.conversation_id}`);
    await expect(page.getByTestId('message-area').getByText('Hoi Kees')).toBeVisible();
    // each width as it behaves: a desktop goes back to the conversation, a phone (which has
    // the same last conversation remembered) shows the list
    for (const width of [...WIDTHS].reverse()) {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/members');
      await page.goto('/chats');
      if (width.name === 'desktop') {
        await expect(page).toHaveURL(new RegExp(`/chats/${withKees.conversation_id}$`));
        await expect(page.getByTestId('message-area').getByText('Hoi Kees')).toBeVisible();
      } else {
        await expect(page.getByRole('heading', { level: 1, name: 'Gesprekken' })).toBeVisible();
        await expect(page).toHaveURL(/\/chats$/);
      }
      await page.screenshot({ path: path.join(shots, `gaps-chats-reopen-${width.name}.png`) });
    }
    await context.close();
  });

  test('/callback goes to the login page', async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/callback');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  });

  test('/pricing has its headings in order and no serious accessibility problems', async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Prijzen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await scan('pricing', async () => {
      const order = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
      expect(order.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    });
    expect(problems).toEqual({});
  });
});

test.describe('the collapsed menu button on a phone', () => {
  test('shows a dot, named for screen readers, while there are unread messages, and none without', async ({
    browser,
  }) => {
    const mila = await seedE2eMember({ name: 'Mila', credits: 0, paidUser: true, age: 26 });
    const noor = await seedE2eMember({ name: 'Noor', credits: 100, paidUser: true, age: 28 });
    const { page, context } = await loggedInPage(browser, mila, {
      viewport: { width: 375, height: 812 },
    });
    const toggler = page.getByRole('button', { name: /^Menu openen of sluiten/ });
    await expect(toggler).toBeVisible();
    await expect(page.getByTestId('menu-attention-dot')).toHaveCount(0);

    const noorApi = await loggedInApi(new URL(page.url()).origin, noor);
    await sendText(noorApi, { member: mila.profileId }, 'Hoi Mila!');
    await noorApi.dispose();
    await expect(page.getByTestId('menu-attention-dot')).toBeVisible();
    await expect(toggler).toHaveAccessibleName(/Menu openen of sluiten ?, 1 ongelezen bericht$/);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'gaps-menu-dot-phone.png') });
    await page.locator('.site-header').screenshot({
      path: path.join(shots, 'gaps-menu-dot-phone-header.png'),
    });

    // reading it clears the dot
    await toggler.click();
    await page.locator('#member-menu a[href="/chats"]').click();
    // on a phone /chats is the list itself (the layout's side list is hidden)
    await page.locator('.chat-page-list').getByRole('link', { name: /Noor/ }).first().click();
    await expect(page.getByTestId('message-area').getByText('Hoi Mila!')).toBeVisible();
    await expect(page.getByTestId('menu-attention-dot')).toHaveCount(0);

    // on a desktop the menu is open: no toggler, the badges count
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggler).toBeHidden();
    await context.close();
  });
});
