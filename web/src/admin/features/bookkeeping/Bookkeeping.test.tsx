import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VatReportResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';
import { recentQuarters } from './api/bookkeeping';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const report: VatReportResponse = {
  quarter: '2026-Q3',
  time_zone: 'Europe/Amsterdam',
  from: '2026-07-01',
  to: '2026-09-30',
  summary: [
    {
      country: 'DE',
      currency: 'EUR',
      vat_rate: 19,
      invoices: 1,
      reversals: 0,
      net_cents: 1000,
      vat_cents: 190,
      gross_cents: 1190,
    },
    {
      country: 'NL',
      currency: 'EUR',
      vat_rate: 21,
      invoices: 2,
      reversals: 1,
      net_cents: 826,
      vat_cents: 174,
      gross_cents: 1000,
    },
    {
      country: '',
      currency: 'CHF',
      vat_rate: null,
      invoices: 1,
      reversals: 0,
      net_cents: 1500,
      vat_cents: 0,
      gross_cents: 1500,
    },
  ],
  totals: [
    {
      currency: 'CHF',
      invoices: 1,
      reversals: 0,
      net_cents: 1500,
      vat_cents: 0,
      gross_cents: 1500,
    },
    {
      currency: 'EUR',
      invoices: 3,
      reversals: 1,
      net_cents: 1826,
      vat_cents: 364,
      gross_cents: 2190,
    },
  ],
  lines: 5,
};

const renderConsole = consoleRenderer(createRoutes, admin);

const quarterOfUrl = (url: string) => new URL(url, 'http://x').searchParams.get('quarter');

describe('the VAT and bookkeeping screen', () => {
  it('offers the current quarter and the seven before it', () => {
    expect(recentQuarters(new Date('2026-02-10T12:00:00Z'))).toEqual([
      '2026-Q1',
      '2025-Q4',
      '2025-Q3',
      '2025-Q2',
      '2025-Q1',
      '2024-Q4',
      '2024-Q3',
      '2024-Q2',
    ]);
  });

  it('previews a quarter per country with totals per currency, and links both CSV files', async () => {
    const { calls } = renderConsole('/admin/bookkeeping?quarter=2026-Q3', {
      'GET /api/staff/bookkeeping/vat': () => jsonResponse(200, report),
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Nederland (NL)' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Onbekend land' })).toBeTruthy();
    expect(within(table).getByText('Buiten het EU-btw-overzicht')).toBeTruthy();
    const eur = within(table).getByRole('rowheader', { name: 'Totaal EUR' }).closest('tr')!;
    expect(within(eur).getByText(/21,90/)).toBeTruthy();
    expect(within(eur).getByText(/3,64/)).toBeTruthy();
    expect(calls.some((c) => quarterOfUrl(c.url) === '2026-Q3')).toBe(true);
    expect(
      screen.getByRole('link', { name: 'Overzicht per land (CSV)' }).getAttribute('href'),
    ).toBe('/api/staff/bookkeeping/vat-summary.csv?quarter=2026-Q3');
    expect(screen.getByRole('link', { name: 'Alle regels (CSV)' }).getAttribute('href')).toBe(
      '/api/staff/bookkeeping/vat-lines.csv?quarter=2026-Q3',
    );
  });

  it('says so for a quarter without invoices, and keeps the chosen quarter in the address', async () => {
    const { router } = renderConsole('/admin/bookkeeping?quarter=2026-Q3', {
      'GET /api/staff/bookkeeping/vat': (call) =>
        jsonResponse(
          200,
          quarterOfUrl(call.url) === '2026-Q3'
            ? report
            : { ...report, quarter: quarterOfUrl(call.url), summary: [], totals: [], lines: 0 },
        ),
    });
    await screen.findByRole('table');
    const picker = screen.getByLabelText('Kwartaal') as HTMLSelectElement;
    const other = [...picker.options].map((o) => o.value).find((v) => v !== '2026-Q3')!;
    fireEvent.change(picker, { target: { value: other } });
    await waitFor(() => expect(router.state.location.search).toBe(`?quarter=${other}`));
    expect(await screen.findByText(/Geen facturen of terugbetalingen in/)).toBeTruthy();
  });

  it('shows an error with a retry when the quarter cannot be read', async () => {
    let fail = true;
    renderConsole('/admin/bookkeeping?quarter=2026-Q3', {
      'GET /api/staff/bookkeeping/vat': () =>
        fail
          ? jsonResponse(503, { error: 'service_unavailable', message: 'Even niet beschikbaar.' })
          : jsonResponse(200, report),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
