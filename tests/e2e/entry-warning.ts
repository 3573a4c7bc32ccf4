/**
 * The site-entry warning (adults only) meets a logged-out visitor from NL or DE on the chat and
 * lander layouts, and a visitor without a GeoIP header counts as Dutch (the domain language's
 * country), so journeys of those layouts meet it too. Journeys about something else either
 * answer it as a visitor would (`passEntryWarning`) or start with it answered
 * (`skipEntryWarning`).
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { SITE_ENTRY_SKIP_KEY } from '@app/contract';

/** The warning's dialog (Dutch). */
export function entryWarning(page: Page) {
  return page.getByRole('alertdialog', { name: 'Alleen voor volwassenen' });
}

/** Answers the warning ("Ik ben 18+, ga verder") when it shows. */
export async function passEntryWarning(page: Page): Promise<void> {
  const dialog = entryWarning(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ik ben 18+, ga verder' }).click();
  await expect(dialog).toBeHidden();
}

/** Every page of the context starts as if the visitor had answered the warning before. */
export async function skipEntryWarning(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    SITE_ENTRY_SKIP_KEY,
    String(Date.now()),
  ] as const);
}
