/**
 * Boosts (issue 38 item 3): a member buys a boost with credits on the boost page, sees it
 * running with the minutes left, and another member of her region finds her first in search,
 * marked "Boost"; a premium member is offered the free boost of the week, a member with too few
 * credits the way to the shop; the pricing page states the live price.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scannerAtBothWidths, WIDTHS } from './axe.js';
import { enter, loggedInPage, openMenu } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

/** `boost-offer-375.png` and so on: the screenshots keep their width in pixels. */
const shot = (name: string, { width }: { width: number }) =>
  path.join(shots, `boost-${name}-${width}.png`);

test.describe('boosts', () => {
  test('a member buys a boost and another member of her region finds her first, marked Boost', async ({
    page,
    browser,
  }) => {
    // two members, a payment and a search, each screen scanned: past a minute on a busy machine
    test.setTimeout(120_000);
    const booster = await seedE2eMember({
      name: 'Boost Bente',
      country: 'NL',
      region: 'ZE',
      gender: 'female',
      credits: 120,
    });
    const searcher = await seedE2eMember({
      name: 'Zoekende Zeger',
      country: 'NL',
      region: 'ZE',
      gender: 'male',
      seekingGender: 'female',
    });
    const { problems, scan } = scannerAtBothWidths(page, shot);

    // the menu leads to the boost page
    await enter(page, booster);
    await openMenu(page);
    await page.getByRole('button', { name: /Boost Bente/ }).click();
    await page.getByRole('link', { name: 'Boost', exact: true }).click();
    await expect(page).toHaveURL(/\/boost$/);
    await expect(page.getByRole('heading', { level: 1, name: /Boost je profiel/ })).toBeVisible();
    await expect(page.getByText('Een boost kost 50 credits. Je hebt 120 credits.')).toBeVisible();
    await scan('offer');

    await page.getByRole('button', { name: 'Boost voor 50 credits' }).click();
    await expect(page.getByText('Je boost loopt')).toBeVisible();
    await expect(page.getByTestId('boost-left')).toHaveText(/^Nog (30|29) min\., tot \d{2}:\d{2}$/);
    await scan('running');
    // it survives a reload: the server's state
    await page.reload();
    await expect(page.getByText('Je boost loopt')).toBeVisible();

    // another member of Zeeland: she is first, marked
    const other = await loggedInPage(browser, searcher, { viewport: WIDTHS[0] });
    const { problems: searchProblems, scan: scanSearch } = scannerAtBothWidths(other.page, shot);
    await expect(other.page).toHaveURL(/gender=female/);
    const first = other.page.getByTestId('member-card').first();
    await expect(first).toContainText('Boost Bente');
    await expect(first.getByTestId('boost-mark')).toBeVisible();
    await expect(other.page.getByTestId('boost-mark')).toHaveCount(1);
    await scanSearch('search');
    await other.context.close();
    expect(problems).toEqual({});
    expect(searchProblems).toEqual({});
  });

  test('a premium member is offered the free boost of the week; too few credits lead to the shop', async ({
    page,
    browser,
  }) => {
    const premium = await seedE2eMember({
      name: 'Premium Pien',
      country: 'NL',
      region: 'LI',
      gender: 'female',
      paidUser: true,
    });
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await enter(page, premium, '/boost');
    await expect(page.getByText('Je gratis boost van deze week staat klaar')).toBeVisible();
    await scan('free');
    await page.getByRole('button', { name: 'Gratis boosten' }).click();
    await expect(page.getByText('Je boost loopt')).toBeVisible();
    await expect(page.getByTestId('boost-running')).toContainText('Limburg');

    const poor = await seedE2eMember({
      name: 'Krappe Kim',
      country: 'NL',
      region: 'LI',
      gender: 'female',
      credits: 10,
    });
    const other = await loggedInPage(browser, poor, { viewport: WIDTHS[0] });
    await other.page.goto('/boost');
    await expect(
      other.page.getByText('Een boost kost 50 credits en je hebt er 10: je komt er 40 tekort.'),
    ).toBeVisible();
    const { problems: shortProblems, scan: scanShort } = scannerAtBothWidths(other.page, shot);
    await scanShort('short');
    await other.page.getByRole('link', { name: 'Credits kopen' }).click();
    await expect(other.page).toHaveURL(/\/credits$/);
    await other.context.close();

    // the pricing page states the live price
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-boost')).toContainText('voor 50 credits');
    expect(problems).toEqual({});
    expect(shortProblems).toEqual({});
  });
});
