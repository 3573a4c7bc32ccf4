/**
 * Which traffic pays, in a browser: a visitor lands on a lander from a network (its visit beacon
 * goes out with the source), then an admin opens the traffic report (rows of the rollup seeded
 * for two weeks), reads the chart and its table, filters and groups it (in the address),
 * downloads the CSV, and sets a network's postback. Axe-clean and screenshotted at 375 and
 * 1280 px.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, scannerAtBothWidths } from './axe.js';
import { seedE2eTraffic } from './seed.js';
import { staffApi } from './staff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const daysBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

// the flow runs once, at a desktop's width; every screen is scanned and photographed at both
// widths (375 and 1280 px) by scannerAtBothWidths
const viewport = DESKTOP;

test.describe(`the traffic report`, () => {
  test.use({ viewport: { width: viewport.width, height: viewport.height } });

  test('a visit from a network is counted, and an admin reads, filters and exports the report and sets a postback', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    // a visitor from a network on a lander: the visit (its beacon sent) is kept for the session
    await page.goto('/landers/video/spring?network=journeynet&sub2=banner');
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('traffic_visit')))
      .not.toBeNull();
    const visit = JSON.parse(
      (await page.evaluate(() => window.sessionStorage.getItem('traffic_visit'))) ?? '{}',
    ) as { source: unknown };
    expect(visit.source).toEqual({
      network: 'journeynet',
      sub2: 'banner',
      lander: 'video',
      slug: 'spring',
    });

    await seedE2eTraffic({
      to: today,
      days: 14,
      sources: [
        { network: 'adnet', sub2: 'banner', lander: 'video', slug: 'spring', visits: 400 },
        { network: 'mailnet', ref: 'newsletter', lander: 'gallery', visits: 150 },
        { network: 'socialads', lander: 'tinderswipe', slug: 'summer', visits: 90 },
      ],
    });
    const { context } = await staffApi(browser, ['admin'], {
      viewport: { width: viewport.width, height: viewport.height },
    });
    const admin = await context.newPage();
    const { problems, scan } = scannerAtBothWidths(admin, (name, width) =>
      path.join(shots, `admin-${name}-${width.name}.png`),
    );

    await admin.goto('/admin/figures');
    await admin.getByRole('link', { name: 'Verkeersrapport' }).click();
    await expect(admin.getByRole('heading', { name: 'Verkeersrapport', level: 1 })).toBeVisible();
    const table = admin.getByRole('region', { name: 'Per Netwerk' });
    await expect(table.getByRole('rowheader', { name: 'adnet' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'mailnet' })).toBeVisible();
    await expect(admin.locator('.recharts-surface').first()).toBeVisible();
    const perDay = admin.getByRole('region', { name: 'Per dag' });
    await perDay.getByText('Als tabel').click();
    await expect(perDay.getByRole('table')).toBeVisible();
    await scan('traffic');

    // the last two weeks of adnet, per lander
    await admin.getByLabel('Van', { exact: true }).fill(daysBefore(13));
    await admin.getByLabel('Tot en met', { exact: true }).fill(today);
    await admin.getByLabel('Netwerk', { exact: true }).selectOption('adnet');
    await admin.getByLabel('Groeperen op', { exact: true }).selectOption('lander');
    await admin.getByRole('button', { name: 'Tonen' }).click();
    await expect(admin).toHaveURL(/group_by=lander/);
    await expect(admin).toHaveURL(/network=adnet/);
    const byLander = admin.getByRole('region', { name: 'Per Lander' });
    await expect(byLander.getByRole('rowheader', { name: 'video' })).toBeVisible();
    await expect(byLander.getByRole('rowheader', { name: 'gallery' })).toHaveCount(0);
    await scan('traffic-filtered');

    const csvLink = admin.getByRole('link', { name: 'CSV downloaden' });
    const href = await csvLink.getAttribute('href');
    expect(href).toContain('/api/staff/traffic/report.csv');
    const csv = await admin.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain(',adnet,,,banner,,video,spring,');

    // a network's postback: checked, saved, listed
    await admin.getByRole('link', { name: 'Postbacks' }).click();
    await expect(admin.getByRole('heading', { name: 'Postbacks', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Netwerk toevoegen' }).click();
    const form = admin.getByRole('form', { name: 'Postback van een netwerk' });
    await form.getByLabel('Netwerk', { exact: true }).fill(`journeynet-${viewport.name}`);
    await form.getByLabel('Postback-URL').fill('ftp://network.example/pb');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await form
      .getByLabel('Postback-URL')
      .fill('https://network.example/pb?click={click_id}&event={event}&id={event_id}');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(admin.getByText(`journeynet-${viewport.name}`, { exact: true })).toBeVisible();
    await scan('postbacks');

    expect(problems).toEqual({});
    await context.close();
  });
});
