import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DESKTOP, photographerAtBothWidths, WIDTHS } from './axe.js';
import { loggedInPage, OFF_LOGIN } from './members.js';
import { seedE2eMember } from './seed.js';

/**
 * The chat screens in the browser: two members in two browser contexts writing to each other
 * live (text, photo, gift) with the badges and page title following, the refusals (premium-only, insufficient credits), the held note of
 * an unconfirmed member and removing a conversation.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A small photo-like JPEG for the photo message. */
function holidayPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#5fa3d9' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><circle cx="400" cy="300" r="180" fill="#f2c14e"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/** A text sent over the API (the set-up of journeys that are about something else). */
async function sendOverApi(page: Page, to: { member: number }, text: string) {
  const res = await page.request.post('/api/message.php', {
    headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
    data: { type: 'text', text, ...to },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { message: { conversation_id: number }; credits: number };
}

function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Bericht' });
}

// the flow runs once, at a desktop's width, and each screen it photographs is photographed at
// both widths (375 and 1280 px); what differs by width, opening a conversation from the list (on
// a phone the list is a screen of its own and the messages badge sits in the collapsed menu),
// runs at both
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

/** Photographs `page` at both widths as screenshots/chat-<name>-<phone|desktop>.png. */
function photographer(page: Page) {
  return photographerAtBothWidths(page, (name, width) =>
    path.join(shots, `chat-${name}-${width.name}.png`),
  );
}

test.describe('chat', () => {
  test('a member sends a text, a photo and a gift; the other sees each live, typing first, and the read marks and credits follow', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const anna = await seedE2eMember({ name: 'Anna', credits: 200, paidUser: true, age: 31 });
    const bram = await seedE2eMember({ name: 'Bram', credits: 0, paidUser: true, age: 34 });
    const a = await loggedInPage(browser, anna, { viewport }, OFF_LOGIN);
    const b = await loggedInPage(browser, bram, { viewport }, OFF_LOGIN);
    const settings = (await (await a.page.request.get('/api/settings.php')).json()) as {
      settings: { message_credits: number; photo_credits: number };
    };
    const { message_credits: textCost, photo_credits: photoCost } = settings.settings;

    // Bram has Anna's (still empty) conversation open; Anna starts it
    await b.page.goto(`/members/${anna.profileId}/chat`);
    await expect(b.page.getByRole('heading', { name: 'Zeg hallo tegen Anna' })).toBeVisible();
    await a.page.goto(`/members/${bram.profileId}/chat`);
    await expect(a.page.getByTestId('message-cost')).toHaveText(
      `Een bericht kost ${textCost} credits`,
    );
    await composer(a.page).fill('Hoi Bram, leuk profiel!');
    await a.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const bramSees = b.page.getByTestId('message-area');
    await expect(bramSees.getByText('Hoi Bram, leuk profiel!')).toBeVisible();

    // Anna types: Bram sees the indicator before the message
    await composer(a.page).pressSequentially('Zin in koffie?', { delay: 30 });
    await expect(b.page.getByTestId('typing-indicator')).toContainText('Anna typt');
    await photographer(b.page)('typing');
    await composer(a.page).press('Enter');
    await expect(bramSees.getByText('Zin in koffie?')).toBeVisible();
    await expect(b.page.getByTestId('typing-indicator')).toHaveCount(0);

    // a photo through the upload area
    await a.page.getByTestId('chat-photo-input').setInputFiles({
      name: 'strand.jpg',
      mimeType: 'image/jpeg',
      buffer: await holidayPhoto(),
    });
    await a.page.getByRole('button', { name: 'Foto versturen', exact: true }).click();
    await expect(bramSees.locator('[data-type="photo"] img')).toBeVisible();
    await expect(bramSees.getByRole('img', { name: 'Foto van Anna' })).toBeVisible();

    // a gift from the picker
    await a.page.getByRole('button', { name: 'Cadeau sturen' }).click();
    const picker = a.page.getByRole('dialog', { name: 'Een cadeau voor Bram' });
    await expect(picker.getByTestId('gift-rose')).toContainText('20 credits');
    await photographer(a.page)('gifts');
    await picker.getByTestId('gift-rose').click();
    await expect(bramSees.getByText('Anna stuurde je een cadeau: Roos')).toBeVisible();

    // Bram has it all open: Anna's messages are marked read
    const annaMessages = a.page.getByTestId('message-area').getByTestId('message');
    await expect(annaMessages).toHaveCount(4);
    await expect(a.page.getByTestId('message-status').last()).toHaveAttribute(
      'data-status',
      'read',
    );
    // each paid for once, at the configured price (the rose costs 20)
    const spent = 2 * textCost + photoCost + 20;
    await expect(a.page.getByTestId('credits-badge')).toContainText(String(200 - spent));
    const me = (await (await a.page.request.get('/api/user.php')).json()) as {
      user: { credits: number };
    };
    expect(me.user.credits).toBe(200 - spent);

    await photographer(a.page)('sender');
    await photographer(b.page)('recipient');

    // away from the conversation, Bram's messages badge and page title count a new message, and
    // opening it from the conversation list clears both: at both widths, as the way there differs
    // (on a phone the badge is inside the collapsed menu and /chats is the list itself; on a
    // desktop the list is beside the conversation)
    const messagesBadge = b.page.locator('#member-menu a[href="/chats"] .nav-badge');
    for (const width of WIDTHS) {
      await b.page.setViewportSize({ width: width.width, height: width.height });
      const text = `Ben je er nog? (${width.width})`;
      await b.page.goto('/members');
      await expect(messagesBadge).toHaveCount(0);
      await expect(b.page).not.toHaveTitle(/^\(/);
      await composer(a.page).fill(text);
      await a.page.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(messagesBadge).toContainText(/1 ongelezen bericht$/);
      await expect(b.page).toHaveTitle(/^\(1\) /);
      // ... and opening it clears both
      await b.page.goto('/chats');
      await b.page
        .getByTestId('conversation-entry')
        .filter({ visible: true })
        .filter({ hasText: text })
        .getByRole('link')
        .click();
      await expect(b.page.getByTestId('message-area').getByText(text)).toBeVisible();
      await expect(messagesBadge).toHaveCount(0);
      await expect(b.page).not.toHaveTitle(/^\(/);
      await expect(a.page.getByTestId('message-status').last()).toHaveAttribute(
        'data-status',
        'read',
      );
    }
    await a.context.close();
    await b.context.close();
  });

  test('a free member is refused a third new conversation with the premium-only modal', async ({
    browser,
  }) => {
    const free = await seedE2eMember({ credits: 100, paidUser: false });
    const others = [
      await seedE2eMember(),
      await seedE2eMember(),
      await seedE2eMember({ name: 'Chris' }),
    ];
    const f = await loggedInPage(browser, free, { viewport }, OFF_LOGIN);
    await sendOverApi(f.page, { member: others[0].profileId }, 'Eerste gesprek');
    await sendOverApi(f.page, { member: others[1].profileId }, 'Tweede gesprek');

    await f.page.goto(`/members/${others[2].profileId}/chat`);
    await composer(f.page).fill('Hoi Chris!');
    await f.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const modal = f.page.getByRole('dialog', { name: 'Alleen voor premium leden' });
    await expect(modal).toBeVisible();
    await photographer(f.page)('premium');
    await modal.getByRole('link', { name: 'Word premium' }).click();
    await expect(f.page).toHaveURL(/\/premium$/);
    // nothing was sent or charged
    const me = (await (await f.page.request.get('/api/user.php')).json()) as {
      user: { credits: number };
    };
    expect(me.user.credits).toBe(80);
    await f.context.close();
  });

  test('a member without enough credits sees the insufficient-credits modal and keeps the typed text', async ({
    browser,
  }) => {
    const poor = await seedE2eMember({ credits: 5, paidUser: true });
    const other = await seedE2eMember({ name: 'Daan' });
    const p = await loggedInPage(browser, poor, { viewport }, OFF_LOGIN);
    await p.page.goto(`/members/${other.profileId}/chat`);
    await composer(p.page).fill('Hoi Daan, hoe gaat het?');
    await p.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const modal = p.page.getByRole('dialog', { name: 'Niet genoeg credits' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Je saldo: 5 credits');
    await photographer(p.page)('credits');
    await modal.getByRole('button', { name: 'Later' }).click();
    await expect(composer(p.page)).toHaveValue('Hoi Daan, hoe gaat het?');
    await p.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await p.page
      .getByRole('dialog', { name: 'Niet genoeg credits' })
      .getByRole('link', { name: 'Credits kopen' })
      .click();
    await expect(p.page).toHaveURL(/\/credits$/);
    await p.context.close();
  });

  test('a member whose e-mail is not confirmed is told the messages are held, and they show as held', async ({
    browser,
  }) => {
    const fresh = await seedE2eMember({ status: 'not_confirmed', credits: 50 });
    const other = await seedE2eMember({ name: 'Eva' });
    const u = await loggedInPage(browser, fresh, { viewport }, OFF_LOGIN);
    await u.page.goto(`/members/${other.profileId}/chat`);
    await expect(u.page.getByTestId('held-note')).toContainText(
      'Je berichten worden vastgehouden tot je je e-mailadres bevestigt.',
    );
    await composer(u.page).fill('Hallo Eva');
    await u.page.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(u.page.getByTestId('message-status')).toHaveAttribute('data-status', 'held');
    await photographer(u.page)('held');
    await u.context.close();
  });

  test('removing a conversation drops it from the list at once and for good, on a phone and on a desktop', async ({
    browser,
  }) => {
    const member = await seedE2eMember({ credits: 100, paidUser: true });
    const [keep, dropOnPhone, drop] = [
      await seedE2eMember({ name: 'Fenna' }),
      await seedE2eMember({ name: 'Hanna' }),
      await seedE2eMember({ name: 'Gijs' }),
    ];
    const m = await loggedInPage(browser, member, { viewport }, OFF_LOGIN);
    await sendOverApi(m.page, { member: keep.profileId }, 'Hoi Fenna');
    await sendOverApi(m.page, { member: dropOnPhone.profileId }, 'Hoi Hanna');
    await sendOverApi(m.page, { member: drop.profileId }, 'Hoi Gijs');

    await m.page.goto('/chats');
    // the list this width shows (on a phone /chats is the list itself, on a desktop it is beside
    // the page)
    const list = m.page.getByTestId('conversation-list').filter({ visible: true });
    const entries = list.getByTestId('conversation-entry');
    await expect(entries).toHaveCount(3);
    await expect(entries.first()).toContainText('Jij: Hoi Gijs');
    await photographer(m.page)('list');
    // from each width's list: Gijs on a desktop, then Hanna on a phone
    for (const [width, name, left] of [
      [WIDTHS[1], 'Gijs', 2],
      [WIDTHS[0], 'Hanna', 1],
    ] as const) {
      await m.page.setViewportSize({ width: width.width, height: width.height });
      await list.getByRole('button', { name: `Gesprek met ${name} verwijderen` }).click();
      await m.page
        .getByRole('dialog', { name: 'Gesprek verwijderen?' })
        .getByRole('button', { name: 'Verwijderen' })
        .click();
      await expect(entries).toHaveCount(left);
      await expect(list).not.toContainText(name);
      await m.page.reload();
      await expect(entries).toHaveCount(left);
    }
    await expect(entries).toContainText(['Jij: Hoi Fenna']);
    await m.context.close();
  });

  test('a long conversation loads older messages on scrolling up without moving what the member sees', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const anna = await seedE2eMember({ name: 'Anna', credits: 1000, paidUser: true });
    const bram = await seedE2eMember({ name: 'Bram', credits: 1000, paidUser: true });
    const a = await loggedInPage(browser, anna, { viewport }, OFF_LOGIN);
    const b = await loggedInPage(browser, bram, { viewport }, OFF_LOGIN);
    // 45 messages, taking turns (the send limit is per member and minute)
    const { message } = await sendOverApi(a.page, { member: bram.profileId }, 'Bericht 1');
    const conversation = message.conversation_id;
    for (let n = 2; n <= 45; n++) {
      const from = n % 2 ? a.page : b.page;
      const res = await from.request.post('/api/message.php', {
        headers: { 'X-Request-Type': 'client', 'Idempotency-Key': randomUUID() },
        data: { type: 'text', conversation, text: `Bericht ${n}` },
      });
      expect(res.status()).toBe(201);
    }

    await a.page.goto(`/chats/${conversation}`);
    const area = a.page.getByTestId('message-area');
    const messages = area.getByTestId('message');
    await expect(messages).toHaveCount(30);
    await expect(messages.last()).toContainText('Bericht 45');
    await expect(messages.last()).toBeInViewport();
    const oldestShown = messages.filter({ hasText: 'Bericht 16' });
    // to the top: the older page is asked for (held back here until measured), then comes in above
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await a.page.route(/\/api\/chat\.php\?.*before=/, async (route) => {
      await gate;
      await route.continue();
    });
    await area.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(a.page.getByRole('button', { name: 'Oudere berichten laden' })).toBeDisabled();
    const before = await oldestShown.boundingBox();
    release();
    await expect(messages).toHaveCount(45);
    await expect(messages.first()).toContainText('Bericht 1');
    await expect(a.page.getByRole('button', { name: 'Oudere berichten laden' })).toHaveCount(0);
    const after = await oldestShown.boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThan(4);
    await a.context.close();
    await b.context.close();
  });
});
