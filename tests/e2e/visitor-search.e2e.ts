/**
 * The visitor search (/members) on a first visit (issue 34, item 9; docs/features/public-entry.md):
 * its first page of results comes in the server's HTML with the answer it was rendered from, the
 * browser takes the cards over without asking for them again, and a visitor who chose at
 * signup's first step is shown the gender chosen.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGE_DATA_ID } from '../../contract/src/site-pages.js';
import { violations } from './axe.js';
import { seedE2eMember } from './seed.js';
import { chooseGenders } from './signup.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

// a first visit: no service worker from an earlier visit
test.use({ serviceWorkers: 'block' });

interface Card {
  id: number;
  name: string;
  gender: 'male' | 'female';
}

interface Results {
  filters: Record<string, string>;
  answer: { profiles: Card[]; num_results: number };
}

/** The page's data block's `results` (the search's first page as the server rendered it). */
function resultsOf(html: string): Results | null {
  const block = new RegExp(
    `<script type="application/json" id="${PUBLIC_PAGE_DATA_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!block) throw new Error('no public page data in the page');
  return (JSON.parse(block[1]) as { results: Results | null }).results;
}

/** The names of the first page of results in a page's HTML, in order. */
function namesIn(html: string): string[] {
  return (resultsOf(html)?.answer.profiles ?? []).map((card) => card.name);
}

/** The names on the result cards, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('search-results')
    .getByTestId('member-card')
    .locator('.fw-bold')
    .allInnerTexts();
}

/** Every GET of /api/search.php the page makes from now on. */
function searchRequests(page: Page): URL[] {
  const asked: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search.php') asked.push(url);
  });
  return asked;
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor’s first search comes with its results in the HTML, is taken over without asking for them again, and is accessible', async ({
      page,
      request,
      browser,
    }) => {
      // the raw HTML: the cards and the answer they were rendered from, before any script
      const html = await (await request.get('/members')).text();
      const results = resultsOf(html);
      expect(Object.keys(results?.filters ?? {})).toEqual(['country']);
      const rendered = results!.answer.profiles;
      expect(rendered.length).toBeGreaterThan(4);
      const cards = html.match(/data-testid="member-card"/g) ?? [];
      expect(cards).toHaveLength(rendered.length);
      expect(html).toContain(`data-testid="num-results"`);
      // the first photo is the one to fetch first, the first screen's at once, the rest lazily
      const photos = html
        .split('data-testid="member-card"')
        .slice(1)
        .map((card, index) => ({ index, img: /<img [^>]*>/.exec(card)?.[0] }))
        .filter((card): card is { index: number; img: string } => !!card.img);
      expect(photos.length).toBeGreaterThan(0);
      const [first, ...others] = photos;
      if (first.index < 4) expect(first.img).toMatch(/fetchpriority="high"/i);
      for (const { index, img } of photos) {
        expect(img).toMatch(/width="480" height="600"|width="160" height="160"/);
        expect(img).toMatch(index < 4 ? /loading="eager"/ : /loading="lazy"/);
      }
      for (const { img } of others) expect(img).not.toMatch(/fetchpriority/i);

      // without JavaScript at all, the visitor sees the same cards
      const noScript = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: viewport.width, height: viewport.height },
      });
      // (each page is compared with the answer in its own HTML: journeys running beside this one
      // sign members up, so a later search may rightly find a newer member first)
      const still = await noScript.newPage();
      const stillHtml = await (await still.goto('/members'))!.text();
      await expect(still.getByTestId('member-card').first()).toBeVisible();
      expect(await cardNames(still)).toEqual(namesIn(stillHtml));
      await noScript.close();

      // with it: taken over, the first filters written to the address, and nothing asked again
      const asked = searchRequests(page);
      const takenHtml = await (await page.goto('/members'))!.text();
      await expect(page.locator('html')).toHaveAttribute('data-taken-over', '');
      await expect(page).toHaveURL(/\/members\?country=/);
      await expect(page.getByTestId('search-results').getByTestId('member-card')).toHaveCount(
        namesIn(takenHtml).length,
      );
      expect(asked.map(String)).toEqual([]);
      expect(await cardNames(page)).toEqual(namesIn(takenHtml));

      expect(await violations(page)).toEqual([]);
      // what the visitor sees at once
      await page.screenshot({ path: path.join(shots, `visitor-search-${viewport.width}.png`) });

      // the next page still comes from the API, as the visitor scrolls
      if (results!.answer.num_results > rendered.length) {
        const more = page.waitForRequest((r) => r.url().includes('cursor='));
        await page.getByTestId('member-card').last().scrollIntoViewIfNeeded();
        await more;
      }
      // the whole page, every photo scrolled into view and loaded
      // by index, each found again, and tried again while the list re-renders under the scroll
      // (a card detached mid-scroll is found anew)
      const shown = page.getByTestId('member-card');
      for (let i = 0, n = await shown.count(); i < n; i += 1) {
        await expect(async () => {
          await shown.nth(i).scrollIntoViewIfNeeded({ timeout: 2_000 });
        }).toPass();
      }
      await expect
        .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
        .toBe(true);
      await page.screenshot({
        path: path.join(shots, `visitor-search-${viewport.width}-full.png`),
        fullPage: true,
      });
    });
  });
}

test('a visitor who chose “seeking men” at signup’s first step is shown men in the search', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seedE2eMember({ gender: 'male', seekingGender: 'female', age: 33 });
  await page.goto('/signup');
  await chooseGenders(page, 'Vrouw', 'Man');

  const asked = searchRequests(page);
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/search.php' && r.url().includes('gender=male'),
  );
  await page.goto('/members');
  const answer = (await (await answered).json()) as { profiles: Card[] };
  expect(answer.profiles.length).toBeGreaterThan(0);
  expect(answer.profiles.map((card) => card.gender)).toEqual(answer.profiles.map(() => 'male'));
  await expect(page).toHaveURL(/\/members\?gender=male&country=/);
  // the cards shown are the men, not the server's first (everyone's) page
  await expect.poll(() => cardNames(page)).toEqual(answer.profiles.map((card) => card.name));
  // asked once, for men
  expect(asked.map((url) => url.searchParams.get('gender'))).toEqual(['male']);
  expect(await violations(page)).toEqual([]);
});
