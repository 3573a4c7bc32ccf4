/**
 * Photo inspection in the browser: a moderator signs in with two-step verification through the
 * console's own sign-in, gets the member's new photo large with the member beside it, approves
 * it with one key, and the member's open page (another browser context) shows the photo
 * approved without a reload. The worker's pre-screening scores the photo first, and the desk shows
 * its risk and the model's five scores above it. Axe-clean, with screenshots at 375 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import sharp from 'sharp';
import { DESKTOP, scannerAtBothWidths, type Width } from './axe.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background: '#e8b48a' } })
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

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

test.describe(`photo inspection`, () => {
  test.use({ viewport });

  test('a moderator signs in with a code, approves the photo by keyboard, and the member sees it approved without a reload', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await seedE2eMember({ gender: 'female', age: 29 });
    const memberContext = await browser.newContext({ viewport });
    const member = { context: memberContext, page: await memberContext.newPage() };
    await enter(member.page, owner);
    const uploaded = await member.page.request.post('/api/photo.php', {
      headers: { 'X-Request-Type': 'client' },
      multipart: { photo: { name: 'ik.jpg', mimeType: 'image/jpeg', buffer: await portrait() } },
    });
    expect(uploaded.status()).toBe(201);
    const photoId = ((await uploaded.json()) as { photo: { id: number } }).photo.id;
    await member.page.goto('/profile');
    const tile = member.page.getByTestId('own-photo').first();
    await expect(tile).toContainText('Wordt gecontroleerd', { timeout: 30_000 });

    // whatever older photos other journeys left waiting are decided first: ours is the oldest
    const { api: helper } = await staffApi(browser, ['moderator']);
    const queue = await helper.get('/api/photo-moderation.php');
    const waiting = ((await queue.json()) as { photos: { id: number }[] }).photos;
    for (const photo of waiting.filter((p) => p.id !== photoId)) {
      await helper.post('/api/photo-moderation.php', {
        headers: { 'X-Request-Type': 'client' },
        data: { photo: photo.id, action: 'approve' },
      });
    }
    // the worker scores the new photo (pre-screening) shortly after the upload
    await expect
      .poll(
        async () => {
          const desk = await helper.get('/api/staff/inspection/photos');
          const photos = (
            (await desk.json()) as {
              photos: { id: number; screening: { scored_at: string | null } | null }[];
            }
          ).photos;
          return photos.find((p) => p.id === photoId)?.screening?.scored_at ?? null;
        },
        { timeout: 60_000 },
      )
      .not.toBeNull();

    const file = (name: string, width: Width) =>
      path.join(shots, `admin-photos-${name}-${width.name}.png`);
    const { problems, scan } = scannerAtBothWidths(page, file);

    // the moderator's first sign-in: password, the QR code's key, a code, the recovery codes
    const moderator = await seedE2eMember({ roles: ['moderator'] });
    await page.goto('/admin/inspection');
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel('E-mailadres').fill(moderator.email);
    await page.getByLabel('Wachtwoord').fill(moderator.password);
    await page.getByRole('button', { name: 'Verder' }).click();
    const secret = (await page.locator('.admin-enroll__key').innerText()).trim();
    await page.getByLabel('Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
    await expect(page).toHaveURL(/\/admin\/inspection$/, { timeout: 30_000 });

    await expect(page.getByRole('heading', { name: "Foto's keuren" })).toBeVisible();
    const shown = page.getByTestId('inspection-photo');
    await expect(shown).toHaveAttribute('data-photo-id', String(photoId), { timeout: 30_000 });
    await expect(page.getByRole('complementary', { name: 'Het lid' })).toContainText(
      `#${owner.userId}`,
    );
    await expect(page.getByTestId('inspection-waiting')).toHaveText(/^\d+$/);
    // the pre-screening above the photo: its risk and the model's five scores
    const screening = page.getByTestId('inspection-screening');
    await expect(screening.getByTestId('inspection-risk')).toHaveText(/^Risico \d+%$/);
    await expect(screening.getByRole('meter')).toHaveCount(5);
    await expect(screening.getByRole('meter', { name: /^Neutraal: \d+%$/ })).toBeVisible();
    await scan('desk');

    await page.keyboard.press('a');
    await expect(page.getByTestId('inspection-last')).toContainText(`Foto #${photoId} van`);
    await expect(page.getByRole('button', { name: /Ongedaan maken/ })).toBeVisible();
    await scan('decided');

    // the member's open page follows at once, without a reload
    await expect(tile).toContainText('Actief', { timeout: 15_000 });
    const memberScans = scannerAtBothWidths(member.page, file);
    await memberScans.scan('member');
    expect({ ...problems, ...memberScans.problems }).toEqual({});
    await member.context.close();
  });
});
