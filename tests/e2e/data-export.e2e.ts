import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { useMailbox } from './mail.js';
import { enter } from './members.js';
import { seedE2eMember } from './seed.js';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

// one SMTP server on a fixed port: the journeys of this file run one after another
const mailbox = useMailbox();

/** The names of the files in a ZIP and the text of one of them. */
function zipEntries(data: Buffer, read: string): Promise<{ names: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      let text = '';
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== read) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            text = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ names, text }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

// the flow runs once, at a desktop's width; each screen is scanned and photographed at both
// widths (375 and 1280 px)
const viewport = DESKTOP;

test.describe('"Download mijn gegevens"', () => {
  test.use({ viewport: { width: viewport.width, height: viewport.height } });

  test('a member asks for their data, gets a mail, and its link downloads the ZIP once', async ({
    page,
  }) => {
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `data-export-${name}-${width.name}.png`),
    );
    const member = await seedE2eMember({ name: `Export${viewport.name}` });
    // the account settings page (on this branch at /notifications)
    await enter(page, member, '/account');
    const section = page.getByRole('region', { name: 'Download mijn gegevens' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(/ZIP-bestand/)).toBeVisible();

    // no password: the form says so and sends nothing
    await section.getByRole('button', { name: 'Mijn gegevens aanvragen' }).click();
    await expect(section.getByLabel('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    await scan('password-missing');
    await section.getByLabel('Huidig wachtwoord').fill(member.password);
    await section.getByRole('button', { name: 'Mijn gegevens aanvragen' }).click();
    await expect(section.getByRole('status')).toContainText('Aanvraag ontvangen');
    await section.scrollIntoViewIfNeeded();
    await scan('requested');

    const link = await mailbox.linkFor(member.email, 'data-export-download.php');
    const download = page.waitForEvent('download');
    // a download is not a page: the navigation itself is aborted
    await page.goto(link).catch(() => undefined);
    const file = await (await download).path();
    const { names, text } = await zipEntries(await readFile(file), 'profile.json');
    expect(names).toEqual(expect.arrayContaining(['profile.json', 'account.json']));
    expect(JSON.parse(text)).toMatchObject({ name: `Export${viewport.name}` });

    // the link works once: the second time a page says why, in Dutch
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByText('Deze downloadlink is al gebruikt.')).toBeVisible();
    await scan('link-used');
    expect(problems).toEqual({});
  });
});

test('a member who opens the mailed link logged out logs in and is brought back to it: the ZIP downloads', async ({
  page,
}) => {
  const member = await seedE2eMember({ name: 'ExportLater' });
  await enter(page, member, '/account');
  const asked = await page.request.post('/api/data-export.php', {
    headers: { 'X-Request-Type': 'client' },
    data: { password: member.password },
  });
  expect(asked.status()).toBe(202);
  const link = await mailbox.linkFor(member.email, 'data-export-download.php');
  // the link is opened in a browser without the session (another device, or logged out)
  await page.context().clearCookies();
  const refused = await page.goto(link);
  expect(refused?.status()).toBe(401);
  // the page speaks the browser's language (Accept-Language): its one link is the login
  await page.getByRole('link').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(member.password);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  const file = await (await download).path();
  const { names } = await zipEntries(await readFile(file), 'profile.json');
  expect(names).toEqual(expect.arrayContaining(['profile.json', 'account.json']));
});

test('a mailed link to the likes or a chat brings a member who logs in first back to it', async ({
  page,
}) => {
  const member = await seedE2eMember({ name: 'LikesLater' });
  for (const path of ['/likes', '/chats']) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
    await page.getByLabel('E-mailadres').fill(member.email);
    await page.getByLabel('Wachtwoord').fill(member.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});
