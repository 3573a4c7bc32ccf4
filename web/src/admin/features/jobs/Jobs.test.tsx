import { fireEvent, screen, within } from '@testing-library/react';
import type { StaffJob, StaffJobsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse, type Responder } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const failed: StaffJob = {
  queue: 'mail',
  id: '17',
  name: 'send-mail',
  problem: 'failed',
  payload: { intentId: 42, body: '•••' },
  failed_reason: '550 <•••> mailbox unavailable',
  attempts_made: 8,
  attempts_allowed: 8,
  queued_at: '2026-11-29T08:00:00.000Z',
  started_at: '2026-11-29T08:00:01.000Z',
  finished_at: '2026-11-29T09:00:00.000Z',
  retryable: true,
};
const stuck: StaffJob = {
  ...failed,
  queue: 'notify',
  id: '5',
  name: 'notify',
  problem: 'stuck_waiting',
  payload: { recipientId: 7 },
  failed_reason: null,
  attempts_made: 0,
  attempts_allowed: 1,
  started_at: null,
  finished_at: null,
  retryable: false,
};

function jobs(list: StaffJob[]): StaffJobsResponse {
  return {
    queues: [
      {
        queue: 'mail',
        waiting: 0,
        active: 0,
        delayed: 2,
        failed: list.length > 1 ? 1 : 0,
        completed: 30,
      },
      { queue: 'notify', waiting: 1, active: 0, delayed: 0, failed: 0, completed: 3 },
    ],
    jobs: list,
    stuck_active_minutes: 15,
    stuck_waiting_minutes: 30,
  };
}

const render = consoleRenderer(createRoutes, admin);
const renderConsole = (routes: Record<string, Responder>) => render('/admin/jobs', routes);

describe('the failed jobs screen', () => {
  it('lists failed and stuck jobs with their reason and ids, and retries a failed one once', async () => {
    let retried = false;
    const { calls } = renderConsole({
      'GET /api/staff/jobs': () => jsonResponse(200, jobs(retried ? [stuck] : [failed, stuck])),
      'POST /api/staff/jobs/mail/17/retry': () => {
        retried = true;
        return jsonResponse(200, { retried: true, state: 'waiting' });
      },
    });
    const card = await screen.findByRole('article', { name: 'Taak send-mail in mail' });
    expect(within(card).getByText('Mislukt')).toBeTruthy();
    expect(within(card).getByText(/mailbox unavailable/)).toBeTruthy();
    expect(within(card).getByText('intentId: 42, body: •••')).toBeTruthy();
    expect(within(card).getByText('8 van 8')).toBeTruthy();
    const waiting = screen.getByRole('article', { name: 'Taak notify in notify' });
    expect(within(waiting).getByText('Te lang wachtend')).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: 'Opnieuw starten' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Opnieuw starten' }));
    expect(await screen.findByText('mail / send-mail staat weer in de wachtrij.')).toBeTruthy();
    const retry = calls.find((c) => c.url.endsWith('/retry'));
    expect(retry?.body).toEqual({ failed_at: failed.finished_at });
    expect(await screen.findByRole('article', { name: 'Taak notify in notify' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Taak send-mail in mail' })).toBeNull();
  });

  it('says so when a retry had been done already', async () => {
    renderConsole({
      'GET /api/staff/jobs': () => jsonResponse(200, jobs([{ ...failed, attempts_made: 9 }])),
      'POST /api/staff/jobs/mail/17/retry': () =>
        jsonResponse(200, { retried: false, state: 'completed' }),
    });
    const card = await screen.findByRole('article', { name: 'Taak send-mail in mail' });
    // retried once before from the console: one attempt more than its own
    expect(within(card).getByText('9 (na 8 opnieuw gestart)')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Opnieuw starten' }));
    expect(
      await screen.findByText('mail / send-mail was al opnieuw gestart; niet nog een keer.'),
    ).toBeTruthy();
  });

  it('says so when no job failed or is stuck', async () => {
    renderConsole({ 'GET /api/staff/jobs': () => jsonResponse(200, jobs([])) });
    expect(await screen.findByText('Geen mislukte of vastgelopen taken.')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'mail' })).toBeTruthy();
  });

  it('shows an error with a retry when the queues cannot be read', async () => {
    let fail = true;
    renderConsole({
      'GET /api/staff/jobs': () =>
        fail
          ? jsonResponse(503, { error: 'service_unavailable', message: 'Even niet beschikbaar.' })
          : jsonResponse(200, jobs([])),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Geen mislukte of vastgelopen taken.')).toBeTruthy();
  });
});
