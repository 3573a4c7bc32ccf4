import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A photo-like JPEG with GPS data in its EXIF (the stored copy must have none). */
async function holidayPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d98b5f' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><circle cx="450" cy="500" r="260" fill="#3b6ea8"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1' } })
    .toBuffer();
}

async function approveAll(moderator: APIRequestContext, profileId: number) {
  const queue = await moderator.get('/api/photo-moderation.php');
  expect(queue.status()).toBe(200);
  const { photos } = (await queue.json()) as {
    photos: { id: number; profile: { id: number } }[];
  };
  // none left when the photo journey's moderator (admin-photos.e2e.ts), clearing older photos
  // from the queue, approved them first: the member's pages below show them approved either way
  const mine = photos.filter((p) => p.profile.id === profileId);
  for (const photo of mine) {
    const res = await moderator.post('/api/photo-moderation.php', {
      headers: { 'X-Request-Type': 'client' },
      data: { photo: photo.id, action: 'approve' },
    });
    expect(res.status()).toBe(200);
  }
}

/** Chooses a photo in the editor and passes the crop step: cropped, or as it was. */
async function uploadFromEditor(page: Page, name: string, crop: 'crop' | 'as it is' = 'crop') {
  await page.getByTestId('photo-input').setInputFiles({
    name,
    mimeType: 'image/jpeg',
    buffer: await holidayPhoto(),
  });
  const step = page.getByRole('dialog', { name: 'Foto bijsnijden' });
  await expect(step.getByRole('group', { name: 'Uitsnede' })).toBeVisible();
  await step
    .getByRole('button', {
      name: crop === 'crop' ? 'Uploaden' : 'Zonder bijsnijden uploaden',
      exact: true,
    })
    .click();
  await expect(step).toHaveCount(0);
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`profiles and photos on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a member uploads a photo, sees it under inspection, staff approve it, and other members see it: a free member only locked, a blocked member not at all', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const owner = await seedE2eMember({ gender: 'female', seekingGender: 'male', age: 33 });
      const premium = await seedE2eMember({ gender: 'male', age: 35, paidUser: true, credits: 0 });
      const free = await seedE2eMember({ gender: 'male', age: 36 });

      // the owner has no photo yet: the alert asks for one and leads to the editor
      await enter(page, owner);
      await expect(page.getByTestId('profile-photo-alert')).toContainText(
        'Voeg een profielfoto toe',
      );
      await page.getByRole('link', { name: 'Foto toevoegen' }).click();
      await expect(page).toHaveURL(/\/profile/);

      // the profile: appearance, an interest, about me; saved in one call
      await page.getByLabel('Haarkleur').selectOption({ index: 2 });
      await page.getByLabel('Oogkleur').selectOption({ index: 1 });
      const interests = page.getByRole('region', { name: 'Interesses' });
      await interests.getByRole('button').first().click();
      await expect(interests.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
      await page.getByLabel('Over mij', { exact: true }).fill('Ik wandel graag langs de zee.');
      await page.getByRole('button', { name: 'Profiel opslaan' }).click();
      await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();

      await uploadFromEditor(page, 'vakantie.jpg');
      const first = page.getByTestId('own-photo');
      await expect(first).toHaveCount(1);
      await expect(first.first()).toContainText('Wordt gecontroleerd');
      await expect(first.first()).toContainText('Hoofdfoto');
      await page.screenshot({
        path: path.join(shots, `profile-photo-inspection-${viewport.name}.png`),
        fullPage: true,
      });

      // staff approve it (the operator console will call the same API)
      const { api: staff } = await staffApi(browser, ['moderator']);
      await approveAll(staff, owner.profileId);
      await page.reload();
      await expect(page.getByTestId('own-photo').first()).toContainText('Actief');

      // a second photo, approved too: premium members see it, free members only locked
      await uploadFromEditor(page, 'strand.jpg', 'as it is');
      await expect(page.getByTestId('own-photo')).toHaveCount(2);
      await approveAll(staff, owner.profileId);

      const premiumContext = await browser.newContext({ viewport });
      const premiumPage = await premiumContext.newPage();
      await enter(premiumPage, premium, `/members/${owner.profileId}`);
      await expect(premiumPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(premiumPage.getByText('Ik wandel graag langs de zee.')).toBeVisible();
      const photos = premiumPage.locator('img[src*="/media/photos/"]');
      await expect(photos.first()).toBeVisible();
      expect(await premiumPage.locator('img[src*="-locked.webp"]').count()).toBe(0);
      await premiumPage.screenshot({
        path: path.join(shots, `member-profile-premium-${viewport.name}.png`),
        fullPage: true,
      });

      const freeContext = await browser.newContext({ viewport });
      const freePage = await freeContext.newPage();
      await enter(freePage, free, `/members/${owner.profileId}`);
      const locked = freePage.locator('img[src*="-locked.webp"]');
      await expect(locked.first()).toBeVisible();
      await expect(
        freePage.getByRole('link', { name: "Word premium om alle foto's te zien" }),
      ).toBeVisible();
      await freePage.screenshot({
        path: path.join(shots, `member-profile-free-${viewport.name}.png`),
        fullPage: true,
      });
      // the full photo cannot be had: its URL is not in the page, and the locked one's
      // signature does not open it
      const lockedUrl = (await locked.first().getAttribute('src'))!;
      const answer = await freeContext.request.get(`/api/member.php?id=${owner.profileId}`);
      const body = JSON.stringify(await answer.json());
      const base = lockedUrl.split('/').pop()!.split('-locked')[0];
      expect(body).not.toContain(`${base}-full.webp`);
      expect(body).not.toContain(`${base}-card.webp`);
      expect((await freeContext.request.get(lockedUrl)).status()).toBe(200);
      expect(
        (await freeContext.request.get(lockedUrl.replace('-locked.webp', '-full.webp'))).status(),
      ).toBe(404);

      // the owner blocks the free member, who then finds nothing
      await page.goto(`/members/${free.profileId}`);
      await page.getByRole('button', { name: 'Blokkeren' }).click();
      await page.getByRole('button', { name: 'Ja, blokkeren' }).click();
      await expect(page.getByText(/geblokkeerd/).first()).toBeVisible();
      await freePage.goto(`/members/${owner.profileId}`);
      await expect(
        freePage.getByRole('heading', { name: 'Dit profiel is niet (meer) beschikbaar' }),
      ).toBeVisible();
      expect(
        (await freeContext.request.get(`/api/member.php?id=${owner.profileId}`)).status(),
      ).toBe(404);

      await premiumContext.close();
      await freeContext.close();
    });
  });
}
