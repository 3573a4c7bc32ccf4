import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailbox } from './mail.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

// one SMTP server on a fixed port: the journeys of this file run one after another
test.describe.configure({ mode: 'serial' });

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const PASSWORD = 'geheim123';
const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

/** Steps 0-4 of the signup form, as a visitor fills them in. */
async function fillSignup(page: Page, email: string, name: string) {
  // the choices are button-styled labels over hidden radios: a visitor clicks the label
  await page
    .getByRole('group', { name: 'Ik ben een' })
    .locator('label', { hasText: 'Vrouw' })
    .click();
  await page
    .getByRole('group', { name: 'Ik zoek een' })
    .locator('label', { hasText: 'Man' })
    .click();
  await expect(page.getByRole('group', { name: 'Ik ben een' }).getByLabel('Vrouw')).toBeChecked();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Dag').selectOption({ index: 12 });
  await page.getByLabel('Maand').selectOption({ index: 4 });
  await page.getByLabel('Jaar').selectOption({ index: 15 });
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Profielnaam').fill(name);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Volgende' }).click();
  // the fictional-profile warning is shown plainly before the account exists
  await expect(page.getByText(/chatmaatje/i).first()).toBeVisible();
  await page.getByLabel(/fictieve profielen/).check();
  await page.getByLabel(/akkoord met de/).check();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a visitor signs up, activates by the mailed link, logs out and logs in again', async ({
    page,
  }) => {
    const email = uniqueEmail('journey');
    await page.goto('/signup?network=e2enet&ref=e2eref');
    await fillSignup(page, email, 'Journey');
    await page.screenshot({ path: path.join(shots, 'signup-consent-mobile.png'), fullPage: true });
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByText('Activatiemail versturen')).toBeVisible();
    await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
    await expect(page.getByText(email)).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'complete-signup-mobile.png'), fullPage: true });

    const link = await mailbox.linkFor(email, 'activate.php');
    await page.goto(link);
    await expect(page).toHaveURL(/\/activate\/done$/);
    await page.screenshot({ path: path.join(shots, 'activate-done-mobile.png'), fullPage: true });

    const me = await (await page.request.get('/api/user.php')).json();
    expect(me.user).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });

    await page.request.get('/api/logout.php');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/members$/);
  });

  test('a forged activation link lands on the activation error page', async ({ page }) => {
    await page.goto('/api/activate.php?token=forged');
    await expect(page).toHaveURL(/\/activate\/error$/);
    await expect(page.getByText('Activeren mislukt').first()).toBeVisible();
  });

  test('ten wrong passwords in a row block the account, even for the right password', async ({
    page,
  }) => {
    const email = uniqueEmail('lockout');
    // this visitor's own address: ten failures also block the IP, which must not block the
    // journeys that run beside this one
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.23' });
    await page.goto('/signup');
    await fillSignup(page, email, 'Lockout');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
    await page.request.get('/api/logout.php');

    await login(page, email, 'verkeerd1');
    await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
    for (let i = 0; i < 8; i++) {
      const res = await page.request.post('/api/user.php', {
        headers: { 'X-Request-Type': 'client' },
        data: { email, password: 'verkeerd1' },
      });
      expect(res.status()).toBe(401);
    }
    await login(page, email, 'verkeerd1');
    await expect(page.getByRole('alert')).toHaveText(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
    await login(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('signup opens as a modal over the page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Meld je gratis aan' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Ik ben een' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'signup-modal-desktop.png') });
  });

  test('the signup modal cannot be closed by Escape or the backdrop while the account is created', async ({
    page,
  }) => {
    const email = uniqueEmail('modal');
    await page.goto('/');
    await page.getByRole('link', { name: 'Meld je gratis aan' }).first().click();
    const dialog = page.getByRole('dialog');
    await fillSignup(page, email, 'Modaal');
    // the signup answer is held back a moment, so the progress steps stay on screen
    await page.route('**/api/signup.php', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(dialog.getByText('Gegevens controleren')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10); // the backdrop, outside the dialog
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'signup-progress-desktop.png') });
    await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
  });
});

/** Signs a new visitor up through the form and leaves them logged out; returns the e-mail. */
async function signUpAndLogOut(page: Page, tag: string, name: string): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto('/signup');
  await fillSignup(page, email, name);
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
  await page.goto(await mailbox.linkFor(email, 'activate.php'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.request.get('/api/logout.php');
  return email;
}

test.describe('account journeys on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a member who forgot the password sets a new one by the mailed link and logs in with it', async ({
    page,
  }) => {
    const email = await signUpAndLogOut(page, 'reset', 'Vergeetachtig');

    await page.goto('/login');
    await page.getByRole('link', { name: /wachtwoord vergeten/i }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Herstellink versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Controleer je e-mail' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'reset-sent-mobile.png'), fullPage: true });

    const link = await mailbox.linkFor(email, 'reset-password/do');
    await page.goto(link);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuwgeheim9');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('nieuwgeheim9');
    await page.screenshot({ path: path.join(shots, 'reset-new-mobile.png'), fullPage: true });
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('heading', { name: 'Wachtwoord gewijzigd' })).toBeVisible();

    // the link is single-use
    await page.goto(link);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nogeenkeer9');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('nogeenkeer9');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(
      page.getByText('Link verlopen of invalide, vraag een nieuwe e-mail aan').first(),
    ).toBeVisible();

    await login(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
    await login(page, email, 'nieuwgeheim9');
    await expect(page).toHaveURL(/\/members$/);
  });

  test('an unknown address gets a clear message and no mail', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByLabel('E-mailadres').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Herstellink versturen' }).click();
    await expect(page.getByText('E-mailadres niet gevonden')).toBeVisible();
  });

  test('a member deletes the account with a reason and brings it back by the mailed link', async ({
    page,
  }) => {
    const email = await signUpAndLogOut(page, 'delete', 'Vertrekker');
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/members$/);

    await page.goto('/account/delete');
    await page.getByRole('button', { name: 'Toch verwijderen' }).click();
    await page.getByLabel('Geen tijd').check();
    await page.getByLabel('Ja, ik wil mijn account verwijderen').check();
    await page.screenshot({ path: path.join(shots, 'delete-reason-mobile.png'), fullPage: true });
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: 'Account verwijderd' })).toBeVisible();

    // deleted: the old password no longer logs in
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert')).toBeVisible();

    await page.goto(await mailbox.linkFor(email, 'reactivate.php'));
    await expect(page).toHaveURL(/\/login\?reactivated=1$/);
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/members$/);
  });

  test('a new member sees first matches, and a visitor signs up beside a member card', async ({
    page,
  }) => {
    const email = uniqueEmail('matches');
    await page.goto('/signup');
    await fillSignup(page, email, 'Matchzoeker');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Bekijk je matches' }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
    const cards = page.getByTestId('member-card');
    await expect(cards.first()).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'signup-matches-mobile.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(shots, 'signup-matches-desktop.png'), fullPage: true });
    const href = await cards.first().getAttribute('href');
    expect(href).toMatch(/^\/members\/\d+$/);

    // a visitor who came for a chat pal sees the label and the warning beside the signup form
    await page.request.get('/api/logout.php');
    let palId: number | undefined;
    for (let id = 1; id <= 60 && palId === undefined; id++) {
      const res = await page.request.get(`/api/member.php?id=${id}`);
      if (res.ok() && (await res.json()).profile.fictional) palId = id;
    }
    expect(palId).toBeDefined();
    await page.goto(`/members/${palId}/signup`);
    await expect(page.getByRole('heading', { name: /^Maak kennis met / })).toBeVisible();
    const card = page.locator('.member-signup__card');
    await expect(card.getByTestId('fictional-badge')).toBeVisible();
    await expect(card.getByRole('note')).toContainText('fictieve profielen');
    await expect(page.getByRole('group', { name: 'Ik ben een' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'member-signup-desktop.png'), fullPage: true });
  });

  test('a member changes password and e-mail address in the settings and logs in with both', async ({
    page,
  }) => {
    const email = await signUpAndLogOut(page, 'settings', 'Verhuizer');
    const newEmail = uniqueEmail('verhuisd');
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/members$/);

    await page.goto('/notifications');
    await page.getByLabel('Huidig wachtwoord').fill(PASSWORD);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('anders12345');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('anders12345');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByText('Je wachtwoord is gewijzigd.', { exact: false })).toBeVisible();

    await page.getByLabel('Nieuw e-mailadres').fill(newEmail);
    await page.getByRole('button', { name: 'Bevestigingslink sturen' }).click();
    await expect(
      page.getByText(`We hebben een bevestigingslink gestuurd naar ${newEmail}.`),
    ).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'settings-mobile.png'), fullPage: true });

    await page.goto(await mailbox.linkFor(newEmail, 'mail-change/do'));
    await expect(page.getByRole('heading', { name: 'E-mailadres gewijzigd' })).toBeVisible();

    await page.request.get('/api/logout.php');
    await login(page, email, 'anders12345');
    await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
    await login(page, newEmail, 'anders12345');
    await expect(page).toHaveURL(/\/members$/);
  });
});
