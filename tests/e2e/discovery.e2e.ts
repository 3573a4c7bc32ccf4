import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loggedInPage } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/**
 * Likes the member from their profile page and returns the server's answer, waited for as long
 * as the test may run (a busy machine answers late; the screen's checks then have their own time).
 */
async function likeFromProfile(page: Page, profileId: number) {
  await page.goto(`/members/${profileId}`);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/like.php' &&
      response.request().method() === 'POST',
    { timeout: 0 },
  );
  await page.getByRole('button', { name: 'Liken' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  return (await response.json()) as { liked: boolean; match: boolean };
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`discovery on a ${viewport.name}`, () => {
    test('two members like each other and both see the match modal', async ({ browser }) => {
      test.setTimeout(120_000);
      const anna = await seedE2eMember({ gender: 'female', seekingGender: 'male', age: 31 });
      const bram = await seedE2eMember({ gender: 'male', seekingGender: 'female', age: 33 });

      // Bram likes Anna first: no match yet
      const b = await loggedInPage(browser, bram, { viewport });
      expect(await likeFromProfile(b.page, anna.profileId)).toMatchObject({ match: false });
      await expect(b.page.getByRole('button', { name: 'Like intrekken' })).toBeVisible();

      // Anna is told of the new like, then likes back: a match
      const a = await loggedInPage(browser, anna, { viewport });
      const modal = a.page.getByRole('dialog');
      await expect(modal).toContainText('Je hebt een nieuwe like!');
      await modal.getByRole('button', { name: 'Sluiten' }).click();
      expect(await likeFromProfile(a.page, bram.profileId)).toMatchObject({
        liked: true,
        match: true,
      });
      await expect(a.page.getByRole('dialog')).toContainText('Het is een match!');
      await a.page.screenshot({ path: path.join(shots, `match-modal-${viewport.name}.png`) });
      await a.page.getByRole('dialog').getByRole('button', { name: 'Sluiten' }).click();
      await a.page.goto('/likes/matches');
      await expect(a.page.getByTestId('member-card').first()).toBeVisible();

      // Bram, in a new session, is shown the match on entering the members area
      await b.context.close();
      const b2 = await loggedInPage(browser, bram, { viewport });
      await expect(b2.page.getByRole('dialog')).toContainText('Het is een match!');
      await b2.context.close();
      await a.context.close();
    });

    test('the swipe game stops at the fifth like of the day, and the API refuses it too', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const player = await seedE2eMember({ gender: 'male', seekingGender: 'female', age: 30 });
      const { context, page } = await loggedInPage(browser, player, { viewport });
      await page.goto('/swipe-game');
      await expect(page.getByText('Nog 4 likes vandaag')).toBeVisible();
      for (let i = 0; i < 4; i += 1) {
        const like = page.getByRole('button', { name: 'Liken' });
        await expect(like).toBeEnabled();
        await like.click();
        await expect(
          page.getByText(i === 3 ? 'Geen likes meer vandaag' : `Nog ${3 - i} like`),
        ).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Liken' })).toBeDisabled();
      await expect(
        page.getByText(/Je hebt vandaag al 4 likes gegeven in het swipespel/),
      ).toBeVisible();
      await page.screenshot({ path: path.join(shots, `swipe-limit-${viewport.name}.png`) });
      // passing goes on; a fifth like sent by hand is refused by the server
      const passed = page.waitForResponse(
        (r) => r.url().includes('/api/swipe.php') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Overslaan' }).click();
      expect((await passed).status()).toBe(200);
      const candidates = (await (await context.request.get('/api/swipe.php')).json()) as {
        profiles: { id: number }[];
      };
      const refused = await context.request.post('/api/swipe.php', {
        headers: { 'X-Request-Type': 'client' },
        data: { member: candidates.profiles[0].id, choice: 'like' },
      });
      expect(refused.status()).toBe(429);
      expect((await refused.json()).error).toBe('swipe_limit_reached');
      await context.close();
    });
  });
}
