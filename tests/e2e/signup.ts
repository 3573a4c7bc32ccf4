import { expect, type Page } from '@playwright/test';

/** The password the journeys' visitors choose. */
export const SIGNUP_PASSWORD = 'Zonnebloem-2026';

type GenderChoice = 'Man' | 'Vrouw';

/** Signup's first step: "Ik ben een" and "Ik zoek een", as a visitor chooses them. */
export async function chooseGenders(page: Page, iAm: GenderChoice, seeking: GenderChoice) {
  // the choices are button-styled labels over hidden radios: a visitor clicks the label
  await page.getByRole('group', { name: 'Ik ben een' }).locator('label', { hasText: iAm }).click();
  await page
    .getByRole('group', { name: 'Ik zoek een' })
    .locator('label', { hasText: seeking })
    .click();
  await expect(page.getByRole('group', { name: 'Ik ben een' }).getByLabel(iAm)).toBeChecked();
  await expect(page.getByRole('group', { name: 'Ik zoek een' }).getByLabel(seeking)).toBeChecked();
}

/**
 * Steps 0-4 of the signup form, as a visitor fills them in (default: a woman seeking men;
 * `message`: the text for the profile).
 */
export async function fillSignup(
  page: Page,
  email: string,
  name: string,
  password = SIGNUP_PASSWORD,
  genders: { iAm: GenderChoice; seeking: GenderChoice } = { iAm: 'Vrouw', seeking: 'Man' },
  message?: string,
) {
  await chooseGenders(page, genders.iAm, genders.seeking);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Dag').selectOption({ index: 12 });
  await page.getByLabel('Maand').selectOption({ index: 4 });
  await page.getByLabel('Jaar').selectOption({ index: 15 });
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('Profielnaam').fill(name);
  if (message) await page.getByLabel('Wat zoek je? (optioneel)').fill(message);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Volgende' }).click();
  // the fictional-profile warning is shown plainly before the account exists
  await expect(page.getByText(/chatmaatje/i).first()).toBeVisible();
  await page.getByLabel(/fictieve profielen/).check();
  await page.getByLabel(/akkoord met de/).check();
}
