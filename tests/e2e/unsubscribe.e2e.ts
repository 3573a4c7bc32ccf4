/**
 * The unsubscribe page of notification mails (RFC 8058 link): opening it changes nothing and
 * asks; its button unsubscribes, in the member's language, on a phone and a desktop.
 */
import '../../scripts/load-env.mjs';
import { expect, test } from '@playwright/test';
import { createHmac, hkdfSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanner } from './axe.js';
import { seedE2eMember } from './seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '..', '..', 'test-results', 'screens');
mkdirSync(shots, { recursive: true });

/** The member's unsubscribe token as the site makes it (server/src/mail/unsubscribe-tokens.ts). */
function unsubscribeToken(userId: number): string {
  const secret = process.env.MAIL_LINK_SECRET ?? 'development-mail-link-secret-do-not-use-live';
  const key = Buffer.from(hkdfSync('sha256', secret, 'vonkje', 'unsubscribe', 32));
  return `${userId}.${createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url')}`;
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a member unsubscribes from notification mails with the page's button on a ${viewport.name}`, async ({
    browser,
  }) => {
    const member = await seedE2eMember();
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'nl-NL',
    });
    const page = await context.newPage();
    const { problems, scan } = scanner(page, (name) =>
      path.join(shots, `unsubscribe-${name}-${viewport.name}.png`),
    );

    await page.goto(`/api/unsubscribe.php?token=${unsubscribeToken(member.userId)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: /Afmelden voor e-mails/ }),
    ).toBeVisible();
    await expect(
      page.getByText('Wil je geen meldingen, herinneringen en updates meer'),
    ).toBeVisible();
    await scan('question');

    await page.getByRole('button', { name: 'Ja, meld me af' }).click();
    await expect(page.getByRole('status')).toContainText('Je bent afgemeld.');
    await scan('done');

    await page.goto('/api/unsubscribe.php?token=1.forged');
    await expect(page.getByRole('alert')).toContainText('Deze afmeldlink klopt niet.');
    await scan('invalid');

    expect(problems).toEqual({});
    await context.close();
  });
}
