import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { scanner } from './axe.js';
import { loggedInPage, OFF_LOGIN } from './members.js';
import { seedE2eMember } from './seed.js';

/**
 * What members of other sites take for granted (issue 34, item 8): an emoji picker in the chat,
 * loaded when first opened and used with the keyboard alone, and a crop step (the profile card's
 * shape, a quarter turn) before a photo is uploaded. Screenshots at 375 and 1280 px, axe clean.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** A landscape photo, 900x600: the left half red, the right half blue. */
function halvesPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#d62828' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><rect x="450" y="0" width="450" height="600" fill="#1d4ed8"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The picker's own script and its emoji data, as the page requests them. */
function pickerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/EmojiPickerPanel-|\/data-[\w-]+\.json/.test(url)) seen.push(url);
  });
  return seen;
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`emoji and crop on a ${viewport.name}`, () => {
    test('a member opens the emoji picker with the keyboard, picks an emoji by searching, sends it, and Escape returns to the text', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const anna = await seedE2eMember({ name: 'Anna', credits: 200, paidUser: true, age: 31 });
      const bram = await seedE2eMember({ name: 'Bram', credits: 0, paidUser: true, age: 34 });
      const { context, page } = await loggedInPage(browser, anna, { viewport }, OFF_LOGIN);
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `${name}-${viewport.name}.png`),
      );
      const loaded = pickerRequests(page);
      await page.goto(`/members/${bram.profileId}/chat`);
      const composer = page.getByRole('textbox', { name: 'Bericht' });
      await expect(composer).toBeVisible();
      // the chat page works without the picker: nothing of it is fetched before it is opened
      expect(loaded).toEqual([]);

      await composer.fill('Hoi Bram ');
      await composer.press('Tab');
      const button = page.getByRole('button', { name: 'Emoji invoegen' });
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Emoji' });
      await expect(dialog).toBeVisible();
      const search = dialog.getByRole('combobox', { name: 'Emoji zoeken' });
      await expect(search).toBeFocused();
      // the data came from this site, in Dutch (no CDN: the journeys have no internet)
      await expect(dialog.getByRole('menuitem').first()).toBeVisible();
      expect(loaded.some((url) => url.includes('EmojiPickerPanel-'))).toBe(true);
      expect(loaded.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
      await scan('chat-emoji-picker');

      // searched in Dutch, chosen with the arrow keys and Enter
      await page.keyboard.type('hart');
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      const chosen = (await dialog.getByRole('option', { selected: true }).textContent())?.trim();
      expect(chosen).toMatch(/\p{Extended_Pictographic}/u);
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(composer).toBeFocused();
      await expect(composer).toHaveValue(`Hoi Bram ${chosen}`);

      // Escape closes a picker opened again, the text and the focus as they were
      await button.click();
      await expect(dialog.getByRole('combobox', { name: 'Emoji zoeken' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(composer).toBeFocused();
      await expect(composer).toHaveValue(`Hoi Bram ${chosen}`);

      // sent as any text
      await composer.press('Enter');
      await expect(page.getByTestId('message-area').getByText(`Hoi Bram ${chosen}`)).toBeVisible();
      expect(problems).toEqual({});
      await context.close();
    });

    test('a member crops and turns a photo before uploading it, and the stored photo is the crop, turned', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const member = await seedE2eMember({ gender: 'female', seekingGender: 'male', age: 29 });
      const { context, page } = await loggedInPage(browser, member, { viewport }, OFF_LOGIN);
      const { problems, scan } = scanner(page, (name) =>
        path.join(shots, `${name}-${viewport.name}.png`),
      );
      await page.goto('/profile');
      await page.getByTestId('photo-input').setInputFiles({
        name: 'halves.jpg',
        mimeType: 'image/jpeg',
        buffer: await halvesPhoto(),
      });
      const dialog = page.getByRole('dialog', { name: 'Foto bijsnijden' });
      await expect(dialog.getByRole('group', { name: 'Uitsnede' })).toBeVisible();
      await expect(dialog.getByRole('group', { name: 'Uitsnede' })).toBeFocused();
      await scan('photo-crop');

      await dialog.getByRole('button', { name: 'Rechtsom draaien' }).click();
      await scan('photo-crop-turned');
      await dialog.getByRole('button', { name: 'Uploaden', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('own-photo')).toHaveCount(1);

      // stored in the card's shape (4:5), upright after a quarter turn right: 600x900 turned,
      // of which the whole width and the middle 750 px
      const answer = await page.request.get('/api/photos.php');
      const { photos } = (await answer.json()) as {
        photos: { width: number; height: number; full_url: string }[];
      };
      expect(photos).toHaveLength(1);
      expect(photos[0].width).toBe(600);
      expect(photos[0].height).toBe(750);
      // the photo's left (red) half is now on top, its right (blue) half below
      const full = await page.request.get(photos[0].full_url);
      expect(full.status()).toBe(200);
      const { data, info } = await sharp(await full.body())
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const at = (y * info.width + x) * info.channels;
        return [data[at], data[at + 1], data[at + 2]];
      };
      const [topRed, , topBlue] = pixel(300, 150);
      const [bottomRed, , bottomBlue] = pixel(300, 600);
      expect(topRed).toBeGreaterThan(150);
      expect(topBlue).toBeLessThan(100);
      expect(bottomBlue).toBeGreaterThan(150);
      expect(bottomRed).toBeLessThan(100);
      expect(problems).toEqual({});
      await context.close();
    });
  });
}
