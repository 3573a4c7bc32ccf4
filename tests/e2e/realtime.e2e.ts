import { expect, test } from '@playwright/test';
import { REFRESH_START_DELAY_MS } from '../../contract/src/constants.ts';
import { enter } from './members.js';
import { postLogin } from './challenge.js';
import { seedE2eMember } from './seed.js';

test.describe('realtime', () => {
  test('a like reaches the liked member live: the likes badge and the page title update without a reload', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const anna = await seedE2eMember({ gender: 'female', seekingGender: 'male', age: 31 });
    const bram = await seedE2eMember({ gender: 'male', seekingGender: 'female', age: 33 });

    // Bram has the members page open
    const b = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await b.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    // the page's clock runs on, and the test moves it past the refresh schedule's first reload
    await page.clock.install();
    await enter(page, bram);
    const likes = page.getByRole('navigation').getByRole('link', { name: /^Likes/ });
    await expect(likes).toBeVisible();
    await expect(likes.locator('.nav-badge')).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^\(/);
    expect(sockets.some((url) => url.includes('/socket.io/'))).toBe(true);
    // past the refresh schedule's first reload (its request seen), so only the socket can bring
    // the like in time
    const reloaded = page.waitForRequest((req) => req.url().includes('/api/user.php'));
    await page.clock.fastForward(REFRESH_START_DELAY_MS + 1_000);
    await reloaded;

    // Anna likes Bram through the API, from her own session
    const a = await browser.newContext();
    const login = await postLogin(a.request, anna);
    expect(login.status()).toBe(200);
    const liked = await a.request.post('/api/like.php', {
      headers: { 'X-Request-Type': 'client' },
      data: { member: bram.profileId },
    });
    expect(liked.status()).toBe(200);

    // well before the next scheduled reload (60 s later)
    await expect(likes.locator('.nav-badge')).toHaveText(/^1/, { timeout: 3_000 });
    await expect(page).toHaveTitle(/^\(1\) /, { timeout: 3_000 });
    await page.screenshot({ path: '/tmp/realtime-like-1280.png' });
    await a.close();
    await b.close();
  });
});
