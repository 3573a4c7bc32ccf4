import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FiguresResponse, ReplyTimesResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse, type Responder } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

// recharts measures its box; jsdom has no layout (the charts draw nothing there: the tables count)
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function figures(range: number, busy = true): FiguresResponse {
  const days = Array.from({ length: range }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 26 - (range - 1) + index)).toISOString().slice(0, 10);
    const last = index === range - 1;
    return {
      day,
      signups: busy && last ? 3 : 0,
      activations: busy && last ? 2 : 0,
      first_purchases: busy && last ? 1 : 0,
      revenue:
        busy && last ? [{ currency: 'EUR', method: 'ideal', payments: 1, amount_cents: 1995 }] : [],
      messages: busy ? 10 : 0,
      queue_peak: last ? 4 : null,
      oldest_wait_peak_seconds: last ? 5400 : null,
    };
  });
  return {
    range,
    time_zone: 'Europe/Amsterdam',
    from: days[0].day,
    to: days.at(-1)!.day,
    days,
    totals: {
      signups: busy ? 3 : 0,
      activations: busy ? 2 : 0,
      first_purchases: busy ? 1 : 0,
      messages: busy ? 10 * range : 0,
      revenue: busy ? [{ currency: 'EUR', method: 'ideal', payments: 1, amount_cents: 1995 }] : [],
    },
    queue: {
      waiting: 4,
      oldest_since: '2026-11-26T08:00:00.000Z',
      oldest_wait_seconds: 5400,
    },
    generated_at: '2026-11-26T09:30:00.000Z',
  };
}

function replyTimes(days: number, operators = true): ReplyTimesResponse {
  return {
    days,
    operators: operators
      ? [
          { operator: { id: 21, name: 'Olga' }, replies: 40, median_seconds: 45, p90_seconds: 330 },
          { operator: null, replies: 2, median_seconds: 5400, p90_seconds: 7200 },
        ]
      : [],
    days_by_operator: [],
  };
}

const daysOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('days'));

const render = consoleRenderer(createRoutes, admin);
const renderConsole = (path: string, routes: Record<string, Responder>) =>
  render(path, {
    'GET /api/staff/figures/reply-times': (call) => jsonResponse(200, replyTimes(daysOf(call.url))),
    ...routes,
  });

describe('the figures dashboard', () => {
  it('shows each figure with its total and a table, and switches the range in the address', async () => {
    const { calls, router } = renderConsole('/admin/figures?range=7', {
      'GET /api/staff/figures': (call) =>
        jsonResponse(200, figures(Number(new URL(call.url, 'http://x').searchParams.get('range')))),
    });
    // the first load brings the console's texts and pages (slow on a busy machine)
    const signups = await screen.findByRole('region', { name: 'Aanmeldingen' });
    expect(within(signups).getAllByText('3')).toHaveLength(2); // the total and today's row
    expect(within(signups).getByText('totaal, 7 dagen')).toBeTruthy();
    // the text alternative: one row per day
    expect(within(signups).getAllByRole('row')).toHaveLength(8);
    const revenue = screen.getByRole('region', { name: 'Omzet (EUR)' });
    expect(within(revenue).getAllByText(/19,95/).length).toBeGreaterThan(0);
    const queue = screen.getByRole('region', { name: 'Fotocontrole nu' });
    expect(within(queue).getByText('1 u 30 min')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('range=7'))).toBe(true);
    expect(screen.getByRole('link', { name: '7 dagen' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('link', { name: '30 dagen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=30'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Aanmeldingen' })).getByText('totaal, 30 dagen'),
      ).toBeTruthy(),
    );
    expect(calls.some((c) => c.url.includes('range=30'))).toBe(true);
  });

  it('says so when nothing happened in the range', async () => {
    renderConsole('/admin/figures?range=90', {
      'GET /api/staff/figures': () => jsonResponse(200, figures(90, false)),
    });
    expect(
      await screen.findByText('Geen aanmeldingen, betalingen of berichten in deze periode.'),
    ).toBeTruthy();
    expect(screen.getByText('Nog geen betalingen in deze periode.')).toBeTruthy();
  });

  it('shows an error with a retry when the figures cannot be read', async () => {
    let fail = true;
    renderConsole('/admin/figures', {
      'GET /api/staff/figures': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'Controleer de invoer.' })
          : jsonResponse(200, figures(30)),
    });
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('region', { name: 'Aanmeldingen' })).toBeTruthy();
  });
});

describe("the operators' reply times on the figures dashboard", () => {
  const figuresRoute: Responder = (call) =>
    jsonResponse(200, figures(Number(new URL(call.url, 'http://x').searchParams.get('range'))));

  it('shows each operator with replies, median and 90th percentile for the range chosen', async () => {
    const { calls } = renderConsole('/admin/figures?range=7', {
      'GET /api/staff/figures': figuresRoute,
    });
    const section = await screen.findByRole('region', { name: 'Reactietijden van operators' });
    // the table beside the chart: a header row and one row per operator, in the server's order
    const rows = await within(section).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'OperatorAntwoordenMediaan90e percentiel',
      'Olga4045 s5 min',
      'Verwijderde medewerker21 u 30 min2 u 0 min',
    ]);
    expect(within(section).getByText('42')).toBeTruthy(); // all replies of the range
    expect(calls.some((c) => c.url.includes('reply-times?days=7'))).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: '90 dagen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('reply-times?days=90'))).toBe(true),
    );
  });

  it('says so when no operator replied in the range', async () => {
    renderConsole('/admin/figures?range=30', {
      'GET /api/staff/figures': figuresRoute,
      'GET /api/staff/figures/reply-times': (call) =>
        jsonResponse(200, replyTimes(daysOf(call.url), false)),
    });
    const section = await screen.findByRole('region', { name: 'Reactietijden van operators' });
    expect(
      await within(section).findByText('Geen antwoorden van operators in deze periode.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('shows its own error with a retry while the other figures stay', async () => {
    let fail = true;
    renderConsole('/admin/figures?range=30', {
      'GET /api/staff/figures': figuresRoute,
      'GET /api/staff/figures/reply-times': (call) =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'Controleer de invoer.' })
          : jsonResponse(200, replyTimes(daysOf(call.url))),
    });
    const section = await screen.findByRole('region', { name: 'Reactietijden van operators' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Controleer de invoer.');
    expect(screen.getByRole('region', { name: 'Aanmeldingen' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await within(section).findByText('Olga')).toBeTruthy();
  });
});
