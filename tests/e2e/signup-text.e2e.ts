/**
 * The text a visitor types at signup ("Wat zoek je?", a short text for the profile): it waits
 * for a moderator like any profile text, the new member sees in the profile editor that it
 * waits, and once approved it is the profile's about text (live, without a reload).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { fillSignup } from './signup.js';
import { staffApi } from './staff.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

const headers = { 'X-Request-Type': 'client' };

/** Claims texts until the one of `profileId`'s about text (skipping the others); its id. */
async function claimAboutOf(moderator: APIRequestContext, profileId: number): Promise<number> {
  const skipped: number[] = [];
  for (;;) {
    const res = await moderator.post('/api/staff/inspection/texts/next', {
      headers,
      data: { exclude: skipped },
    });
    expect(res.status()).toBe(200);
    const { text } = (await res.json()) as {
      text: { id: number; field: string; member: { profile_id: number } } | null;
    };
    if (!text) throw new Error('the signup text is not in the text inspection queue');
    if (text.member.profile_id === profileId && text.field === 'about') return text.id;
    skipped.push(text.id);
  }
}

for (const viewport of [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the signup text waits for a moderator, then is the profile's about text, at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const message = `Ik fiets graag langs de Vecht en kook voor vrienden (${viewport.name}).`;
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    const { problems, scan } = scanner(page, (name) =>
      path.join(shots, `signup-text-${name}-${viewport.name}.png`),
    );

    await page.goto('/signup');
    const email = `signup-text.${viewport.name}.${Date.now()}@example.test`;
    await fillSignup(page, email, `Fietser${Date.now() % 100000}`, undefined, undefined, message);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 });

    // the editor: the text waits, and is not the about text yet
    await page.goto('/profile');
    const waiting = page.getByTestId('about-waiting');
    await expect(waiting).toContainText('Je tekst van de aanmelding wacht op goedkeuring');
    await expect(waiting).toContainText(message);
    await expect(page.getByRole('textbox', { name: 'Over mij' })).toHaveValue('');
    await waiting.scrollIntoViewIfNeeded();
    await scan('waiting');

    // a moderator approves it in the text inspection queue
    const me = (await (await page.request.get('/api/user.php')).json()) as {
      user: { profile: { id: number } };
    };
    const { api: moderator, context: staffContext } = await staffApi(browser, ['moderator']);
    const id = await claimAboutOf(moderator, me.user.profile.id);
    const decided = await moderator.post(`/api/staff/inspection/texts/${id}/decision`, {
      headers,
      data: { action: 'approve' },
    });
    expect(decided.status()).toBe(200);

    // the open editor follows: the text is the about text now, and waits no longer
    await expect(page.getByRole('textbox', { name: 'Over mij' })).toHaveValue(message);
    await expect(waiting).toBeHidden();
    expect(problems).toEqual({});
    await staffContext.close();
    await context.close();
  });
}
