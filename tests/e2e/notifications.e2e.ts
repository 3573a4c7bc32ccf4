import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths, WIDTHS, type Width } from './axe.js';
import { enter, openMenu } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// the flow runs once, at a desktop's width; each screen is scanned and photographed at both
// widths (375 and 1280 px). The way to the settings through the menu differs by width (on a
// phone it is folded behind the menu button) and runs at both.
const viewport = { width: DESKTOP.width, height: DESKTOP.height };

/** A screen at a width: screenshots/notifications-<name>-<phone|desktop>.png. */
const shot = (name: string, width: Width) =>
  path.join(shots, `notifications-${name}-${width.name}.png`);

test.describe('notification preferences and account settings', () => {
  test.use({ viewport });
  // each screen scanned at both widths (and the menu's way taken at both): past the default
  // 60 s on a loaded machine
  test.describe.configure({ timeout: 150_000 });

  test('a member turns a preference off, finds it off after a reload, reaches the settings from the menu and from an old link', async ({
    page,
  }) => {
    const member = await seedE2eMember();
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await enter(page, member, '/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    const site = page.getByRole('region', { name: 'Van ons' });
    const offers = site.getByRole('switch', { name: 'Aanbiedingen' });
    await expect(offers).toBeChecked();
    // the nine preferences (visitors among them), and push on this device (the e2e browser
    // denies notifications)
    await expect(page.getByRole('switch')).toHaveCount(10);
    await expect(page.getByRole('switch', { name: 'Bezoekers' })).toBeChecked();
    await expect(
      page.getByRole('region', { name: 'Pushmeldingen' }).getByRole('switch'),
    ).toBeDisabled();
    await scan('preferences');

    await offers.click();
    await expect(site.getByText('Opgeslagen')).toBeVisible();
    await expect(offers).not.toBeChecked();
    await scan('preferences-saved');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Aanbiedingen' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Nieuws' })).toBeChecked();

    // the account settings: from the account menu, at both widths (on a phone the menu is
    // folded behind its button)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/notifications');
      await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
      await openMenu(page);
      await page.getByRole('button', { name: /Account/ }).click();
      await page.getByRole('link', { name: 'Instellingen', exact: true }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('region', { name: 'Wachtwoord wijzigen' })).toBeVisible();
    }

    // an old link to the e-mail card of the settings lands there
    await page.goto('/notifications#email');
    await expect(page).toHaveURL(/\/account#email$/);
    await expect(page.getByRole('region', { name: 'E-mailadres wijzigen' })).toBeVisible();
    expect(problems).toEqual({});
  });

  test('a member sees the session of a second browser, logs it out, and that browser is logged out', async ({
    page,
    browser,
  }) => {
    const member = await seedE2eMember();
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await enter(page, member, '/account');
    // a phone in Germany (the GeoIP header a proxy such as Cloudflare adds)
    const phoneContext = await browser.newContext({
      userAgent: IPHONE,
      viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
      extraHTTPHeaders: { 'CF-IPCountry': 'DE' },
    });
    const phone = await phoneContext.newPage();
    await enter(phone, member, '/members');

    await page.reload();
    const sessions = page.getByRole('region', { name: 'Waar je bent ingelogd' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const here = sessions.getByRole('listitem').filter({ hasText: 'Deze browser' });
    await expect(here).toHaveCount(1);
    const other = sessions.getByRole('listitem', { name: /Mobile Safari 17 op iOS 17\.5/ });
    await expect(other).toContainText('Duitsland');
    await sessions.scrollIntoViewIfNeeded();
    await scan('sessions');

    await other.getByRole('button', { name: /uitloggen/ }).click();
    await expect(sessions.getByRole('status')).toContainText('is uitgelogd.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // the other browser is logged out: the members-only page sends it to the login
    await phone.goto('/notifications');
    await expect(phone).toHaveURL(/\/login/);
    const user = await phone.request.get('/api/user.php');
    expect(((await user.json()) as { user: unknown }).user).toBeNull();
    await phoneContext.close();

    // log out everywhere, after confirming: this browser too
    const opener = sessions.getByRole('button', { name: 'Overal uitloggen' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Overal uitloggen?' });
    await expect(dialog).toBeVisible();
    // the dialog took the pointer's hover from the button that opened it: the button shows its
    // settled colours at once, never a fade through mixes of its text and background colours
    // below the contrast ratio (axe caught one half-way in a CI run)
    expect(
      await opener.evaluate((button) => getComputedStyle(button).transitionProperty.split(', ')),
    ).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(all|color|background-color)$/)]),
    );
    await scan('logout-everywhere');
    await dialog.getByRole('button', { name: 'Overal uitloggen' }).click();
    await expect(page).toHaveURL(/\/login/);
    const mine = await page.request.get('/api/user.php');
    expect(((await mine.json()) as { user: unknown }).user).toBeNull();
    expect(problems).toEqual({});
  });

  test('a member whose mail bounced and was marked as spam is told so and turns e-mail on again', async ({
    page,
  }) => {
    const member = await seedE2eMember({ notificationsDisabled: ['bounce', 'fbl'] });
    const { problems, scan } = scannerAtBothWidths(page, shot);
    await enter(page, member, '/members');
    const alert = page.getByRole('region', { name: 'We sturen je geen e-mails meer' });
    await expect(alert).toContainText('Een e-mail aan je adres kwam niet aan (gebounced).');
    await expect(alert).toContainText('Een e-mail van ons is als spam gemarkeerd.');
    await scan('email-disabled-alert');

    // dismissed, it stays away after a reload
    await alert.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect(alert).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alert).toBeHidden();

    // the preferences page still says it, and turns e-mail on again
    await page.goto('/notifications');
    const notice = page.getByRole('region', { name: 'We sturen je geen e-mails meer' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'E-mails weer aanzetten' }).click();
    await expect(notice).toBeHidden();
    const user = await page.request.get('/api/user.php');
    expect(
      ((await user.json()) as { user: { notifications_disabled: string[] } }).user
        .notifications_disabled,
    ).toEqual([]);
    expect(problems).toEqual({});
  });
});
