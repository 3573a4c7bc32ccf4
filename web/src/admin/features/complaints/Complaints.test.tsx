import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComplaintDetailResponse, StaffMember } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const moderator: StaffMember = {
  id: 7,
  email: 'mod@vonkje.test',
  name: 'Mia',
  roles: ['moderator'],
};

const member = (id: number, name: string, status: 'confirmed' | 'banned' = 'confirmed') => ({
  user_id: id,
  profile_id: id + 100,
  name,
  status,
});

const row = {
  id: 31,
  about: 'message' as const,
  status: 'open' as const,
  resolution: null,
  created_at: '2026-11-25T10:00:00.000Z',
  subject: 'Vraagt om geld',
  reporter: member(1, 'Jan'),
  reporter_name: null,
  reported_member: member(2, 'Sanne'),
};

const history = (m: ReturnType<typeof member>) => ({
  member: m,
  complaints_made: [],
  complaints_received: [],
  bans: [],
  warnings: [],
});

function detail(over: Partial<ComplaintDetailResponse['complaint']> = {}): ComplaintDetailResponse {
  return {
    complaint: {
      ...row,
      message: 'Ze wil dat ik geld overmaak.',
      reporter_email: null,
      snapshot: {
        kind: 'message',
        profile_id: 102,
        name: 'Sanne',
        message_id: 5,
        type: 'text',
        text: 'Stuur 100 euro',
        image_filename: null,
        sent_at: '2026-11-25T09:00:00.000Z',
      },
      snapshot_photo_url: null,
      live: { kind: 'message', state: 'present', text: 'Stuur 100 euro', photo: null },
      handled_by: null,
      handled_at: null,
      actions: ['dismiss', 'warn', 'hide', 'ban'],
      ...over,
    },
    reporter_history: history(member(1, 'Jan')),
    reported_history: history(member(2, 'Sanne')),
  };
}

const renderConsole = consoleRenderer(createRoutes, moderator);

describe('the complaints area of the console', () => {
  it('shows the inbox with a count per state and opens a complaint', async () => {
    const { calls, router } = renderConsole('/admin/complaints', {
      'GET /api/staff/complaints': () =>
        jsonResponse(200, {
          complaints: [row],
          counts: { open: 3, in_progress: 1, resolved: 12 },
          next_before: null,
        }),
      'GET /api/staff/complaints/31': () => jsonResponse(200, detail()),
    });
    expect(await screen.findByRole('heading', { name: 'Klachten', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('count-open')).textContent).toBe('3');
    expect(screen.getByTestId('count-resolved').textContent).toBe('12');
    expect(calls.some((c) => c.url.includes('status=open'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Afgehandeld/ }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=resolved'))).toBe(true));
    fireEvent.click(await screen.findByRole('link', { name: 'Vraagt om geld' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/complaints/31'));
    expect(await screen.findByRole('heading', { name: 'Klacht #31' })).toBeTruthy();
  });

  it('says so when there are no complaints, and offers a retry when loading fails', async () => {
    let fail = true;
    renderConsole('/admin/complaints', {
      'GET /api/staff/complaints': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'Controleer de invoer.' })
          : jsonResponse(200, {
              complaints: [],
              counts: { open: 0, in_progress: 0, resolved: 0 },
              next_before: null,
            }),
    });
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Geen open klachten. Alles is bijgewerkt.')).toBeTruthy();
  }, 30_000);

  it('shows the snapshot beside the live item and bans only after a reason and a confirmation', async () => {
    const banned = detail({
      status: 'resolved',
      resolution: 'banned',
      actions: ['unban'],
      reported_member: member(2, 'Sanne', 'banned'),
    });
    let current = detail();
    const { calls } = renderConsole('/admin/complaints/31', {
      'GET /api/staff/complaints/31': () => jsonResponse(200, current),
      'POST /api/staff/complaints/31/action': () => {
        current = banned;
        return jsonResponse(200, banned);
      },
    });
    expect(await screen.findByText('Ze wil dat ik geld overmaak.')).toBeTruthy();
    expect(
      within(screen.getByTestId('live-content')).getByText('Zichtbaar voor leden'),
    ).toBeTruthy();
    expect(screen.getAllByText('Stuur 100 euro')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Blokkeren' }));
    const submit = screen.getByRole('button', { name: 'Lid blokkeren' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reden (komt in het logboek)'), {
      target: { value: 'Oplichting' },
    });
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/Sanne wordt nu geblokkeerd/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, blokkeren' }));
    expect(await screen.findByText('Opgeslagen. De klacht is bijgewerkt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'ban',
      reason: 'Oplichting',
    });
    expect(await screen.findByRole('button', { name: 'Deblokkeren' })).toBeTruthy();
  });

  it('tells the moderator when another staff member handled the complaint first', async () => {
    renderConsole('/admin/complaints/31', {
      'GET /api/staff/complaints/31': () => jsonResponse(200, detail()),
      'POST /api/staff/complaints/31/action': () =>
        jsonResponse(409, {
          error: 'complaint_handled',
          message: 'Deze klacht is intussen al afgehandeld door een andere medewerker.',
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Afwijzen' }));
    fireEvent.change(screen.getByLabelText('Reden (komt in het logboek)'), {
      target: { value: 'Niets aan de hand' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Klacht afwijzen' }));
    expect(
      await screen.findByText('Deze klacht is intussen al afgehandeld door een andere medewerker.'),
    ).toBeTruthy();
  });
});
