/**
 * Orientation everywhere (issue 34, item 1): what a member is shown first follows the gender they
 * seek (`seeking_gender`), and a visitor's the choice made at signup's first step: the first
 * search, the match-finder, the like popup's suggestion, the first matches, the swipe game and a
 * profile's similar members.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import type { Gender } from '@app/contract';
import { skipEntryWarning } from './entry-warning.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';
import { SIGNUP_PASSWORD, chooseGenders, fillSignup } from './signup.js';

const DESKTOP = { width: 1280, height: 900 };

interface Card {
  id: number;
  name: string;
  gender: Gender;
}

/** The next GET of /api/<name> that `match` accepts (set up before what makes it). */
function answer(page: Page, name: string, match: (url: URL) => boolean = () => true) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/${name}` && response.request().method() === 'GET' && match(url);
  });
}

/** The cards of an answer (`profiles`, or another list) and the `gender` it asked for. */
async function cardsOf(response: Response, list = 'profiles') {
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Record<string, Card[]>;
  return { cards: body[list], asked: new URL(response.url()).searchParams.get('gender') };
}

/** Every card is of `gender`, and there is at least one. */
function expectAll(cards: Card[], gender: Gender) {
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.map((card) => card.gender)).toEqual(cards.map(() => gender));
}

const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

for (const { who, gender } of [
  { who: 'a man who seeks men', gender: 'male' },
  { who: 'a woman who seeks women', gender: 'female' },
] as const) {
  test(`${who} is shown ${gender === 'male' ? 'men' : 'women'} first: search, match-finder, like popup, first matches, swipe game, similar profiles`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const other: Gender = gender === 'male' ? 'female' : 'male';
    const member = await seedE2eMember({ gender, seekingGender: gender, age: 32 });
    // someone of each gender near the age of the profile he or she opens, in the same country
    await seedE2eMember({ gender, seekingGender: gender, age: 31 });
    const opened = await seedE2eMember({ gender: other, seekingGender: other, age: 31 });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();

    // the first search
    const first = answer(page, 'search.php');
    await enter(page, member);
    const search = await cardsOf(await first);
    expect(search.asked).toBe(gender);
    expectAll(search.cards, gender);
    await expect(page).toHaveURL(new RegExp(`gender=${gender}`));
    await expect(page.getByTestId('member-card').first()).toBeVisible();

    // the match-finder
    await page.goto('/match-finder');
    const found = answer(page, 'search.php', (url) => url.searchParams.has('min_age'));
    await page.getByRole('button', { name: 'Toon mijn matches' }).click();
    await expect(page).toHaveURL(new RegExp(`/members\\?gender=${gender}&`));
    const matched = await cardsOf(await found);
    expect(matched.asked).toBe(gender);
    expectAll(matched.cards, gender);

    // the like popup on a page of no member: the first of the member's matches
    const offered = answer(page, 'signup-matches.php');
    await page.goto('/match-finder?t=0');
    const suggestion = await cardsOf(await offered);
    expectAll(suggestion.cards, gender);
    await expect(page.getByTestId('like-popup')).toContainText(suggestion.cards[0].name);

    // the first matches
    const matches = answer(page, 'signup-matches.php');
    await page.goto('/signup-matches');
    expectAll((await cardsOf(await matches)).cards, gender);
    await expect(page.getByTestId('member-card').first()).toBeVisible();

    // the swipe game
    const swipe = answer(page, 'swipe.php');
    await page.goto('/swipe-game');
    expectAll((await cardsOf(await swipe)).cards, gender);

    // the similar profiles of a profile of the other gender
    const profile = answer(page, 'member.php');
    await page.goto(`/members/${opened.profileId}`);
    expectAll((await cardsOf(await profile, 'related')).cards, gender);
    await context.close();
  });
}

test('a visitor who chooses "man, seeking men" at signup’s first step searches men, is offered a man, and signs up to men first', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await seedE2eMember({ gender: 'male', seekingGender: 'male', age: 30 });
  const context = await browser.newContext({ viewport: DESKTOP });
  await skipEntryWarning(context);
  const page = await context.newPage();

  // he chooses on the server-rendered form before the page's scripts have arrived (held here
  // until he has chosen): the choice is handed to the page once it takes the form over, also
  // where its first render puts the form anew (a desktop's signup modal)
  let arrive = () => undefined as void;
  const chosen = new Promise<void>((resolve) => (arrive = resolve));
  await page.route('**/assets/public-public-*.js', async (route) => {
    await chosen;
    await route.continue();
  });
  await page.goto('/signup', { waitUntil: 'commit' });
  await chooseGenders(page, 'Man', 'Man');
  await expect(page.locator('html')).not.toHaveAttribute('data-taken-over');
  arrive();
  await expect(page.locator('html')).toHaveAttribute('data-taken-over');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Ik ben een' }).getByLabel('Man')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Ik zoek een' }).getByLabel('Man')).toBeChecked();

  // he leaves the form: the search starts with men
  const first = answer(page, 'search.php');
  await page.goto('/members');
  const search = await cardsOf(await first);
  expect(search.asked).toBe('male');
  expectAll(search.cards, 'male');

  // the like popup offers a man (the match-finder page searches nothing of its own)
  const offered = answer(page, 'search.php');
  await page.goto('/match-finder?t=0');
  const suggestion = await cardsOf(await offered);
  expect(suggestion.asked).toBe('male');
  expect(suggestion.cards[0].gender).toBe('male');
  const popup = page.getByTestId('like-popup');
  await expect(popup).toContainText(suggestion.cards[0].name);
  await popup.getByRole('button', { name: 'Niet nu' }).click();

  // the match-finder
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();
  await expect(page).toHaveURL(/\/members\?gender=male&/);

  // he signs up, and his first search as a member shows men
  await page.goto('/signup');
  await fillSignup(page, uniqueEmail('orientation'), 'Ruben', SIGNUP_PASSWORD, {
    iAm: 'Man',
    seeking: 'Man',
  });
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
  const user = (await (await page.request.get('/api/user.php')).json()) as {
    user: { profile: { gender: Gender; seeking_gender: Gender | null } };
  };
  expect(user.user.profile).toMatchObject({ gender: 'male', seeking_gender: 'male' });
  const own = answer(page, 'search.php');
  await page.goto('/members');
  const ownSearch = await cardsOf(await own);
  expect(ownSearch.asked).toBe('male');
  expectAll(ownSearch.cards, 'male');
  await context.close();
});

test('a member who now seeks men instead of women is shown men in the next search and the swipe game', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await seedE2eMember({
    gender: 'male',
    seekingGender: 'female',
    age: 35,
    city: 'Utrecht',
  });
  await seedE2eMember({ gender: 'female', seekingGender: 'male', age: 35 });
  await seedE2eMember({ gender: 'male', seekingGender: 'male', age: 35 });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();

  const first = answer(page, 'search.php');
  await enter(page, member);
  expectAll((await cardsOf(await first)).cards, 'female');

  await page.goto('/profile');
  await page.getByLabel('Ik zoek').selectOption('male');
  await page.getByRole('button', { name: 'Profiel opslaan' }).click();
  await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();

  // the next search, from the navigation without reloading the page
  const next = answer(page, 'search.php');
  await page.getByRole('link', { name: 'Leden zoeken' }).click();
  const search = await cardsOf(await next);
  expect(search.asked).toBe('male');
  expectAll(search.cards, 'male');
  await expect(page).toHaveURL(/gender=male/);

  const swipe = answer(page, 'swipe.php');
  await page.goto('/swipe-game');
  expectAll((await cardsOf(await swipe)).cards, 'male');
  await context.close();
});
