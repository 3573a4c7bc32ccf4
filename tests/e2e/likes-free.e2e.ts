/**
 * What free members see of their likes (issue 38 items 4 and 6): a free member is told that
 * someone liked them without who, sees how many and blurred cards (the page holds nothing of
 * who), their match by name, and the way to premium; the pricing page says what premium adds.
 * A premium member sees every liker.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scannerAtBothWidths } from './axe.js';
import { enter, loggedInApi } from './members.js';
import { seedE2eMember, type E2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** `member` likes `profileId` through the API, as the profile page's button does. */
async function like(base: string, member: E2eMember, profileId: number): Promise<void> {
  const api = await loggedInApi(base, member);
  const res = await api.post('/api/like.php', { data: { member: profileId } });
  expect(res.status()).toBe(200);
  await api.dispose();
}

/** Opens a profile page through the API as `member` (clears that member's like's new flag). */
async function open(base: string, member: E2eMember, profileId: number): Promise<void> {
  const api = await loggedInApi(base, member);
  expect((await api.get(`/api/member.php?id=${profileId}`)).status()).toBe(200);
  await api.dispose();
}

test.describe('what free members see of their likes', () => {
  test('a free member is told someone liked them, sees the count and blurred cards, their match by name, and the way to premium', async ({
    page,
    baseURL,
  }) => {
    const me = await seedE2eMember({ name: 'Lotte', country: 'NL', gender: 'female' });
    const [gijs, vince, mark] = await Promise.all([
      seedE2eMember({ name: 'Geheime Gijs', country: 'NL', gender: 'male' }),
      seedE2eMember({ name: 'Verborgen Vince', country: 'NL', gender: 'male' }),
      seedE2eMember({ name: 'Match Mark', country: 'NL', gender: 'male' }),
    ]);
    // Lotte and Mark like each other (a match, seen: she opened his page); two others like her
    await like(baseURL!, me, mark.profileId);
    await like(baseURL!, mark, me.profileId);
    await open(baseURL!, me, mark.profileId);
    await like(baseURL!, gijs, me.profileId);
    await like(baseURL!, vince, me.profileId);

    const { problems, scan } = scannerAtBothWidths(page, (name, { width }) =>
      path.join(shots, `likes-free-${name}-${width}.png`),
    );
    await enter(page, me, '/likes');
    // the new-like modal: someone, not who
    const modal = page.getByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    await expect(modal).toContainText('Iemand vindt jou leuk. Word premium en zie wie het is.');
    await expect(modal.getByRole('button', { name: 'Word premium' })).toBeFocused();
    await scan('modal');
    await modal.getByRole('button', { name: 'Sluiten' }).click();
    await expect(modal).toBeHidden();

    await expect(page.getByRole('heading', { level: 1, name: 'Likes' })).toBeVisible();
    await expect(page.getByTestId('like-blurred')).toHaveCount(2);
    await expect(page.getByTestId('likes-hidden-count')).toHaveText('Verborgen likes: 2');
    await expect(page.getByTestId('member-card')).toHaveCount(1);
    await expect(page.getByTestId('member-card')).toContainText('Match Mark');
    const premium = page.getByTestId('likes-premium').getByRole('link', { name: 'Word premium' });
    await expect(premium).toHaveAttribute('href', '/premium');
    // nothing of the hidden likers is in the page, not even hidden
    const html = await page.content();
    for (const name of ['Geheime Gijs', 'Verborgen Vince']) expect(html).not.toContain(name);
    await scan('received');

    // the pricing page says what premium adds, from the live settings
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-premium')).toContainText(
      'Zien wie jou leuk vindt (gratis leden zien alleen hoeveel)',
    );
    await scan('pricing');

    // and the way to premium leads to the shop
    await page.goto('/likes');
    await page.getByTestId('likes-premium').getByRole('link', { name: 'Word premium' }).click();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(
      page.getByText('Zien wie jou leuk vindt (gratis leden zien alleen hoeveel)'),
    ).toBeVisible();
    expect(problems).toEqual({});
  });

  test('a premium member sees everyone who liked them', async ({ page, baseURL }) => {
    const me = await seedE2eMember({
      name: 'Petra',
      country: 'NL',
      gender: 'female',
      paidUser: true,
    });
    const [eva, tom] = await Promise.all([
      seedE2eMember({ name: 'Zichtbare Eva', country: 'NL', gender: 'female' }),
      seedE2eMember({ name: 'Zichtbare Tom', country: 'NL', gender: 'male' }),
    ]);
    await like(baseURL!, eva, me.profileId);
    await like(baseURL!, tom, me.profileId);

    const { problems, scan } = scannerAtBothWidths(page, (name, { width }) =>
      path.join(shots, `likes-premium-${name}-${width}.png`),
    );
    await enter(page, me, '/likes');
    // the new-like modal names the newest liker
    const modal = page.getByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    await expect(modal).toContainText('Zichtbare Tom vindt jou leuk.');
    await modal.getByRole('button', { name: 'Sluiten' }).click();
    const cards = page.getByTestId('member-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Zichtbare Tom');
    await expect(cards.nth(1)).toContainText('Zichtbare Eva');
    await expect(page.getByTestId('like-blurred')).toHaveCount(0);
    await expect(page.getByTestId('likes-premium')).toHaveCount(0);
    await scan('received');
    expect(problems).toEqual({});
  });
});
