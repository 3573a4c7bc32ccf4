/**
 * The README's demo tour on the freshly seeded database (issue 24): the demo member finds a
 * lived-in account (a main photo, conversations with unread messages, likes and a match, a paid
 * purchase) and each staff demo login finds its queue waiting (photos to inspect, an open
 * complaint, members waiting for a chat pal's reply). Axe-clean, screenshots at 375 and 1280 px.
 * One test: the staff logins enroll their second factor once, at their first sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_LOGIN,
  DEMO_LOGIN,
  MODERATOR_LOGIN,
  OPERATOR_LOGIN,
} from '../../prisma/seed/demo-logins.js';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { enter } from './members.js';
import { staffSignIn } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/**
 * The moderator approves every photo the seed left waiting. Showing a photo claims it for two
 * minutes, during which no other moderator may decide it: later journeys start with an empty
 * queue and no claim in their way.
 */
async function approveWaitingPhotos(page: Page): Promise<void> {
  const queue = await page.request.get('/api/photo-moderation.php');
  expect(queue.ok()).toBe(true);
  const { photos } = (await queue.json()) as { photos: { id: number }[] };
  expect(photos.length).toBeGreaterThan(0);
  for (const photo of photos) {
    const decided = await page.request.post('/api/photo-moderation.php', {
      headers: { 'X-Request-Type': 'client' },
      data: { photo: photo.id, action: 'approve' },
    });
    expect(decided.status()).toBe(200);
  }
}

test('the demo tour: the demo member’s account is lived in and every staff login finds work waiting', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const problems: Record<string, unknown> = {};
  /**
   * The page at both widths: checked by `see` at each (what it must show there), scanned by axe
   * and photographed; the tour goes on at a desktop's width.
   */
  async function atBothWidths(page: Page, name: string, see: (width: Width) => Promise<void>) {
    const scanned = scannerAtBothWidths(page, (screen, width) =>
      path.join(shots, `demo-tour-${screen}-${width.name}.png`),
    );
    await scanned.scan(name, see);
    Object.assign(problems, scanned.problems);
  }
  const size = { viewport: { width: DESKTOP.width, height: DESKTOP.height } };

  // the staff first: their queues as the seed left them
  const queues = [
    {
      login: MODERATOR_LOGIN,
      path: '/admin/inspection',
      name: 'moderator-inspection',
      see: async (page: Page) => {
        await expect(page.getByRole('heading', { name: "Foto's keuren" })).toBeVisible();
        await expect(page.getByTestId('inspection-photo')).toBeVisible();
      },
    },
    {
      login: OPERATOR_LOGIN,
      path: '/admin/inbox',
      name: 'operator-inbox',
      see: (page: Page) => expect(page.getByRole('link', { name: 'Demo met Lisa' })).toBeVisible(),
    },
    {
      login: ADMIN_LOGIN,
      path: '/admin/complaints',
      name: 'admin-complaints',
      see: async (page: Page) => {
        await expect(page.getByRole('heading', { name: 'Klachten', level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Vervelende berichten' })).toBeVisible();
      },
    },
  ];
  for (const queue of queues) {
    const context = await browser.newContext(size);
    const page = await context.newPage();
    await staffSignIn(context.request, queue.login);
    await page.goto(queue.path);
    await atBothWidths(page, queue.name, () => queue.see(page));
    if (queue.login === MODERATOR_LOGIN) await approveWaitingPhotos(page);
    await context.close();
  }

  // the demo member
  const memberContext = await browser.newContext(size);
  const member = await memberContext.newPage();
  await enter(member, DEMO_LOGIN, '/profile');
  await atBothWidths(member, 'member-photos', async () => {
    await expect(member.getByTestId('own-photo')).toHaveCount(3);
  });
  await member.goto('/chats');
  await atBothWidths(member, 'member-chats', async () => {
    // the list is on the page once per layout: the one shown at this width
    const list = member.getByTestId('conversation-list').filter({ visible: true });
    const entries = list.getByTestId('conversation-entry');
    await expect(entries.first()).toBeVisible();
    expect(await entries.count()).toBeGreaterThanOrEqual(3);
    await expect(entries.filter({ hasText: 'ongelezen' })).toHaveCount(2);
  });
  await member.goto('/likes/matches');
  await atBothWidths(member, 'member-matches', async () => {
    await expect(member.getByRole('main').getByText('Sanne')).toBeVisible();
  });
  await member.goto('/transactions');
  await atBothWidths(member, 'member-transactions', async () => {
    await expect(member.getByRole('table')).toContainText('iDEAL');
  });
  await memberContext.close();
  expect(problems).toEqual({});
});
