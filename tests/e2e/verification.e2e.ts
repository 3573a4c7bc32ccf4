/**
 * The verified badge in the browser: a member opens "Verifieer je profiel" from the profile
 * page, asks for a gesture, sends a selfie (the file input the phone opens on its front camera)
 * and waits; a moderator on the console's verification desk sees the gesture, the selfie and the
 * member's approved profile photos side by side and approves; the member's page then shows the
 * badge, and another member sees it on the member's card in a search for verified members only.
 * Axe-clean at every step, with screenshots at 375 and 1280 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { scanner } from './axe.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

function portrait(background: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="1000"><circle cx="400" cy="420" r="230" fill="#5b3a29"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/** Whatever selfies earlier runs left waiting are decided, so the desk shows ours. */
async function clearOthers(api: APIRequestContext, ours: number): Promise<void> {
  const headers = { 'X-Request-Type': 'client' };
  for (let i = 0; i < 20; i += 1) {
    const next = await api.post('/api/staff/verification/next', {
      headers,
      data: { exclude: [ours] },
    });
    const request = ((await next.json()) as { request: { id: number } | null }).request;
    if (!request) return;
    await api.post(`/api/staff/verification/${request.id}/decision`, {
      headers,
      data: { action: 'reject', reason: 'poor_quality' },
    });
  }
}

test.describe.configure({ mode: 'serial' });

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`verification on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a member sends a selfie with the gesture asked for, a moderator approves it, and the badge shows on the profile and on the card in a verified-only search', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const member = await seedE2eMember({ gender: 'female', age: 31, country: 'NL' });
      const { api: moderatorApi, context: moderatorContext } = await staffApi(
        browser,
        ['moderator'],
        { viewport },
      );
      const memberScan = scanner(page, (name) =>
        path.join(shots, `verification-${name}-${viewport.name}.png`),
      );

      // an approved profile photo for the moderator to compare with
      await enter(page, member);
      const uploaded = await page.request.post('/api/photo.php', {
        headers: { 'X-Request-Type': 'client' },
        multipart: {
          photo: { name: 'ik.jpg', mimeType: 'image/jpeg', buffer: await portrait('#e8b48a') },
        },
      });
      expect(uploaded.status()).toBe(201);
      const photoId = ((await uploaded.json()) as { photo: { id: number } }).photo.id;
      const approved = await moderatorApi.post('/api/photo-moderation.php', {
        headers: { 'X-Request-Type': 'client' },
        data: { photo: photoId, action: 'approve' },
      });
      expect(approved.status()).toBe(200);

      // the member: from the profile page to "Verifieer je profiel"
      await page.goto('/profile');
      await page.getByTestId('verify-link').click();
      await expect(page).toHaveURL(/\/profile\/verify$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verifieer je profiel' }),
      ).toBeVisible();
      await memberScan.scan('start');
      await page.getByRole('button', { name: 'Vraag een gebaar aan' }).click();
      const gesture = page.getByTestId('verification-gesture');
      await expect(gesture).toContainText('Maak een selfie met dit gebaar');
      const input = page.getByLabel('Selfie maken of kiezen');
      await expect(input).toHaveAttribute('capture', 'user');
      // sending without a selfie says so
      await page.getByRole('button', { name: 'Verstuur selfie' }).click();
      await expect(page.getByText('Kies eerst een selfie.')).toBeVisible();
      await memberScan.scan('gesture');
      await input.setInputFiles({
        name: 'selfie.jpg',
        mimeType: 'image/jpeg',
        buffer: await portrait('#d9a07a'),
      });
      await page.getByRole('button', { name: 'Verstuur selfie' }).click();
      await expect(page.getByTestId('verification-pending')).toContainText('We bekijken je selfie');
      await memberScan.scan('pending');
      const own = await page.request.get('/api/verification.php');
      const requestId = ((await own.json()) as { request: { id: number } }).request.id;

      // the moderator: the verification desk beside the photo desk
      await clearOthers(moderatorApi, requestId);
      const desk = await moderatorContext.newPage();
      const deskScan = scanner(desk, (name) =>
        path.join(shots, `verification-${name}-${viewport.name}.png`),
      );
      await desk.goto('/admin/inspection/verification');
      await expect(desk.getByRole('heading', { level: 1, name: 'Verificaties' })).toBeVisible();
      const item = desk.getByRole('region', { name: `Verificatie #${requestId} van` });
      await expect(desk.getByTestId('verification-selfie')).toBeVisible({ timeout: 30_000 });
      await expect(item).toBeVisible();
      await expect(desk.getByTestId('verification-profile-photo')).toHaveCount(1);
      await expect(desk.getByTestId('verification-selfie')).toHaveJSProperty('complete', true);
      expect(
        await desk
          .getByTestId('verification-selfie')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await deskScan.scan('desk');
      await desk.getByRole('button', { name: 'Goedkeuren (badge geven)' }).click();
      await expect(desk.getByText('Er wachten geen selfies.', { exact: false })).toBeVisible();
      await deskScan.scan('desk-decided');

      // the member sees the badge on their page, and others on the card
      await page.reload();
      await expect(page.getByTestId('verification-verified')).toContainText(
        'Je profiel is geverifieerd',
      );
      await expect(page.getByTestId('verified-badge')).toBeVisible();
      await memberScan.scan('verified');

      const viewer = await seedE2eMember({ gender: 'male', age: 33, country: 'NL' });
      const viewerContext = await browser.newContext({ viewport });
      const viewerPage = await viewerContext.newPage();
      await enter(viewerPage, viewer, `/members/${member.profileId}`);
      await expect(viewerPage.getByTestId('verified-badge').first()).toBeVisible();
      await viewerPage.goto('/members?gender=female&country=NL&verified=1');
      const card = viewerPage.locator(`a[href="/members/${member.profileId}"]`);
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expect(card.getByTestId('verified-badge')).toBeVisible();
      // the filters show the switch on (on a phone behind the filters button)
      const filters = viewerPage.getByRole('button', { name: /^Filters/ });
      if (await filters.isVisible()) await filters.click();
      await expect(viewerPage.getByRole('switch', { name: 'Alleen geverifieerd' })).toBeChecked();
      const viewerScan = scanner(viewerPage, (name) =>
        path.join(shots, `verification-${name}-${viewport.name}.png`),
      );
      await viewerScan.scan('search');

      // a later doubt: the moderator withdraws the badge below the desk, with a reason
      const withdraw = desk.getByRole('region', { name: 'Badge intrekken' });
      await withdraw.getByLabel('Profielnummer').fill(String(member.profileId));
      await withdraw.getByLabel('Grond').selectOption('impersonation');
      await withdraw
        .getByLabel('Toelichting voor het lid')
        .fill('Bij nader inzien lijkt de selfie niet op je profielfoto’s.');
      await deskScan.scan('withdraw-form');
      await withdraw.getByRole('button', { name: 'Badge intrekken' }).click();
      await expect(withdraw.getByRole('status')).toHaveText(
        `De badge van profiel ${member.profileId} is ingetrokken.`,
      );
      await deskScan.scan('withdrawn');
      // gone from the verified-only search at once
      await viewerPage.reload();
      await expect(viewerPage.locator(`a[href="/members/${member.profileId}"]`)).toHaveCount(0);
      // the member reads that it was withdrawn, where to read why, and may verify again
      await page.reload();
      const notice = page.getByTestId('verification-withdrawn');
      await expect(notice).toContainText('Je badge is ingetrokken');
      await expect(notice.getByRole('link', { name: 'Naar Beslissingen' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Probeer opnieuw' })).toBeVisible();
      await memberScan.scan('withdrawn');
      await page.goto('/decisions');
      await expect(
        page.getByRole('article', { name: 'Verificatiebadge ingetrokken' }),
      ).toContainText('Bij nader inzien lijkt de selfie niet op je profielfoto’s.');
      await memberScan.scan('withdrawn-decision');

      expect(memberScan.problems).toEqual({});
      expect(deskScan.problems).toEqual({});
      expect(viewerScan.problems).toEqual({});
      await viewerContext.close();
      await moderatorContext.close();
    });
  });
}
