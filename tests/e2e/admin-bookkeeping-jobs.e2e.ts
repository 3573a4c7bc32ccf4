/**
 * The console's VAT export and failed jobs in a browser (issue 36, points 4 and 6): a member
 * buys credits through the sandbox; an admin opens "Btw en boekhouding", sees the quarter's
 * Dutch line with its totals, downloads both CSV files (audited), picks an empty quarter; then
 * opens "Taken", finds a purge job that failed (queued by the test in a shape the worker cannot
 * read) with its reason and ids-only payload, and retries it once. Axe-clean and photographed at
 * 375 and 1280 px.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { loggedInApi } from './members.js';
import { seedE2eMember } from './seed.js';
import { staffApi } from './staff.js';

/** The machine running the journeys is shared and slow at times: waits of 20 s, not 5. */
const expect = baseExpect.configure({ timeout: 20_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '../../test-results/admin-bookkeeping-jobs');
mkdirSync(shots, { recursive: true });

/** The journeys' Redis, as tests/e2e/serve.mjs chooses it (the worker's queues live there). */
function e2eRedis() {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    db: Number(process.env.E2E_REDIS_DB ?? '14'),
  };
}

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`bookkeeping and jobs in the console`, () => {
  test('an admin previews and downloads the quarter’s VAT', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    // a member buys the tryout package with a card in the sandbox: an invoice of this quarter
    const member = await seedE2eMember({ credits: 0, name: `Vat${viewport.width}` });
    const api = await loggedInApi(baseURL!, member);
    const packages = (await (await api.get('/api/packages.php')).json()) as {
      packages: { id: number; slug: string }[];
    };
    const tryout = packages.packages.find((p) => p.slug === 'tryout')!;
    const started = await api.post('/api/payment.php', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { package: tryout.id, method: 'creditcard', delivery_consent: true },
    });
    expect(started.status()).toBe(201);
    const checkoutUrl = ((await started.json()) as { payment: { checkout_url: string } }).payment
      .checkout_url;
    const pay = await api.post(new URL(checkoutUrl).pathname, {
      form: { action: 'paid' },
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);

    const { context, api: staff } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `bookkeeping-${name}-${width.name}.png`),
    );
    await page.goto('/admin');
    await page
      .getByRole('link', { name: /Btw en boekhouding/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Btw en boekhouding', level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader', { name: /Nederland \(NL\)/ })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Totaal EUR' })).toBeVisible();
    await scan('quarter');

    // both downloads: CSV files named for the quarter
    const quarter = new URL(page.url()).searchParams.get('quarter');
    for (const [name, file] of [
      ['Overzicht per land (CSV)', 'summary'],
      ['Alle regels (CSV)', 'lines'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name }).click();
      const suggested = (await download).suggestedFilename();
      expect(suggested).toMatch(new RegExp(`^vat-${file}-\\d{4}-Q[1-4]\\.csv$`));
      if (quarter) expect(suggested).toContain(quarter);
    }
    const audit = await staff.get('/api/staff/audit?action=bookkeeping.exported', {
      headers: { 'X-Request-Type': 'client' },
    });
    expect(((await audit.json()) as { entries: unknown[] }).entries.length).toBeGreaterThanOrEqual(
      2,
    );

    // the oldest quarter offered is two years back: nothing in it
    const picker = page.getByLabel('Kwartaal');
    const options = await picker.locator('option').allTextContents();
    await picker.selectOption({ label: options[options.length - 1] });
    await expect(page.getByText(/Geen facturen of terugbetalingen in/)).toBeVisible();
    await scan('empty');
    expect(problems).toEqual({});
    await context.close();
  });

  test('an admin finds a failed job and retries it once', async ({ browser }) => {
    test.setTimeout(240_000);
    const size = { viewport: { width: viewport.width, height: viewport.height } };
    // a purge job in a shape this version cannot read: the site's worker fails it at once
    const queue = new Queue('purge', { connection: e2eRedis() });
    const job = await queue.add('purge-member', { user: 12345, request: 'r-1' }, { attempts: 1 });
    await expect
      .poll(async () => (await queue.getJob(job.id!))?.getState(), { timeout: 30_000 })
      .toBe('failed');

    const { context } = await staffApi(browser, ['admin'], size);
    const page = await context.newPage();
    const { problems, scan } = scannerAtBothWidths(page, (name, width) =>
      path.join(shots, `jobs-${name}-${width.name}.png`),
    );
    await page.goto('/admin/jobs');
    await expect(
      page.getByRole('heading', { name: 'Taken van de worker', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'purge' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: `#${job.id}` });
    await expect(card).toContainText('Mislukt');
    await expect(card).toContainText(/payload this version cannot read/);
    await expect(card).toContainText('user: 12345');
    await scan('failed');

    await card.getByRole('button', { name: 'Opnieuw starten' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'staat weer in de wachtrij' }),
    ).toBeVisible();
    await scan('retried');
    // the worker ran it again (and it failed again: its shape is still unreadable)
    await expect
      .poll(async () => (await queue.getJob(job.id!))?.attemptsMade, { timeout: 30_000 })
      .toBe(2);
    expect(problems).toEqual({});
    await queue.close();
    await context.close();
  });
});
