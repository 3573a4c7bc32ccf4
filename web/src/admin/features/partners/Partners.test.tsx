import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxConversation, InboxResponse, StaffMember } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';
import { staffSocket } from '../../../test/staff-socket';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const operator: StaffMember = { id: 5, email: 'op@vonkje.test', name: 'Olga', roles: ['operator'] };

const item = (id: number, overrides: Partial<InboxResponse['conversations'][number]> = {}) => ({
  conversation_id: id,
  partner: { id: 100, name: 'Sanne', fictional: true as const },
  member: { id: 200 + id, name: `Lid${id}` },
  waiting_since: new Date(Date.now() - 7 * 60_000).toISOString(),
  preview: 'Hoi Sanne',
  asks_real: false,
  lock: null,
  ...overrides,
});

const conversation: InboxConversation = {
  conversation_id: 1,
  partner: { id: 100, name: 'Sanne', fictional: true, age: 34, city: 'Utrecht' },
  member: {
    id: 201,
    user_id: 301,
    name: 'Lid1',
    gender: 'male',
    age: 41,
    city: 'Gouda',
    about: 'Ik fiets graag',
    photo: null,
    language: 'nl',
  },
  messages: [
    {
      id: 1,
      from: 'member',
      type: 'text',
      text: 'Ben je wel echt?',
      at: '2026-11-26T01:00:00.000Z',
      operator: null,
      asks_real: true,
      vulnerable: false,
    },
  ],
  notes: [{ id: 1, body: 'Houdt van zeilen', author: 'Piet', at: '2026-11-25T10:00:00.000Z' }],
  vulnerable: { flagged: true, reason: 'Schulden', keywords: false },
  asks_real: true,
  honest_answer: 'Eerlijk antwoord: Sanne is een fictief profiel (een chatmaatje).',
  waiting_since: '2026-11-26T01:00:00.000Z',
  lock: { operator: { id: 5, name: 'Olga' }, mine: true, expires_at: '2026-11-26T01:05:00.000Z' },
};

const renderConsole = consoleRenderer(createRoutes);

jest.setTimeout(30_000);

describe('chat partners in the console', () => {
  beforeEach(() => staffSocket.reset());

  it('lists the waiting conversations with the fictional label and reloads them when the inbox changes', async () => {
    let pages = 0;
    renderConsole('/admin/inbox', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'GET /api/staff/inbox': () => {
        pages += 1;
        const conversations =
          pages === 1
            ? [item(1, { asks_real: true })]
            : [
                item(1),
                item(2, {
                  lock: {
                    operator: { id: 9, name: 'Kees' },
                    mine: false,
                    expires_at: '2026-11-26T01:05:00.000Z',
                  },
                }),
              ];
        return jsonResponse(200, {
          conversations,
          waiting: conversations.length,
          waiting_capped: false,
          next: null,
        });
      },
    });
    expect(await screen.findByRole('link', { name: 'Lid1 met Sanne' })).toBeInTheDocument();
    expect(screen.getAllByText(/Fictief/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Vraagt of hij of zij met een echt persoon praat/)).toBeInTheDocument();
    expect(screen.getByText('wacht 7 minuten')).toBeInTheDocument();
    await waitFor(() => expect(staffSocket.handlers.has('queue:changed')).toBe(true));
    act(() => staffSocket.handlers.get('queue:changed')!({ queue: 'inbox' }));
    expect(await screen.findByRole('link', { name: 'Lid2 met Sanne' })).toBeInTheDocument();
    expect(screen.getByText(/bij Kees/)).toBeInTheDocument();
  });

  it('says so when nobody waits', async () => {
    renderConsole('/admin/inbox', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'GET /api/staff/inbox': () =>
        jsonResponse(200, { conversations: [], waiting: 0, waiting_capped: false, next: null }),
    });
    expect(await screen.findByText('Niemand wacht op een antwoord.')).toBeInTheDocument();
  });

  it('opens a conversation with the warning, the notes and the honest answer ready to send', async () => {
    const { calls } = renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'POST /api/staff/inbox/1/open': () => jsonResponse(200, { conversation }),
      'GET /api/staff/inbox/1': () => jsonResponse(200, { conversation }),
      'POST /api/staff/inbox/1/reply': () => jsonResponse(201, { message: { id: 2 } }),
      'GET /api/staff/inbox': () =>
        jsonResponse(200, { conversations: [], waiting: 0, waiting_capped: false, next: null }),
    });
    expect(await screen.findByText(/Let op: mogelijk kwetsbaar lid/)).toBeInTheDocument();
    expect(screen.getByText('Houdt van zeilen')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText(/@/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Eerlijk antwoord invullen' }));
    const box = screen.getByLabelText('Antwoord als Sanne');
    expect(box).toHaveValue(conversation.honest_answer);
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(box).toHaveValue(''));
    const sent = calls.find((c) => c.url.endsWith('/api/staff/inbox/1/reply'));
    expect(sent?.body).toEqual({ text: conversation.honest_answer });
  });

  it('takes the hold once: a queue event reads the conversation again without opening it', async () => {
    const later: InboxConversation = {
      ...conversation,
      messages: [
        ...conversation.messages,
        { ...conversation.messages[0], id: 2, text: 'Hallo? Ben je er nog?', asks_real: false },
      ],
    };
    const { calls } = renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'POST /api/staff/inbox/1/open': () => jsonResponse(200, { conversation }),
      'GET /api/staff/inbox/1': () => jsonResponse(200, { conversation: later }),
    });
    const chat = await screen.findByRole('region', { name: 'Lid1 met Sanne' });
    await waitFor(() => expect(staffSocket.handlers.has('queue:changed')).toBe(true));
    act(() => staffSocket.handlers.get('queue:changed')!({ queue: 'inbox' }));
    expect(await within(chat).findByText('Hallo? Ben je er nog?')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/staff/inbox/1/open')).toHaveLength(1);
  });

  it('sends a failed reply again with its key, and an edited text with a new key', async () => {
    let replies = 0;
    const { calls } = renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'POST /api/staff/inbox/1/open': () => jsonResponse(200, { conversation }),
      'GET /api/staff/inbox/1': () => jsonResponse(200, { conversation }),
      'POST /api/staff/inbox/1/reply': () => {
        replies += 1;
        return replies < 3
          ? jsonResponse(400, { error: 'validation_failed', message: 'Niet gelukt' })
          : jsonResponse(201, { message: { id: 2 } });
      },
      'GET /api/staff/inbox': () =>
        jsonResponse(200, { conversations: [], waiting: 0, waiting_capped: false, next: null }),
    });
    const box = await screen.findByLabelText('Antwoord als Sanne');
    const send = screen.getByRole('button', { name: 'Versturen' });
    const sent = () => calls.filter((c) => c.url === '/api/staff/inbox/1/reply');
    fireEvent.change(box, { target: { value: 'Hoi!' } });
    fireEvent.click(send);
    await waitFor(() => expect(sent()).toHaveLength(1));
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send); // the same reply again
    await waitFor(() => expect(sent()).toHaveLength(2));
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.change(box, { target: { value: 'Hoi! Hoe gaat het?' } });
    fireEvent.click(send); // another reply
    await waitFor(() => expect(box).toHaveValue(''));
    const [first, again, edited] = sent().map((c) => c.headers['Idempotency-Key']);
    expect(first).toBeTruthy();
    expect(again).toBe(first);
    expect(edited).not.toBe(first);
    expect(sent()[2].body).toEqual({ text: 'Hoi! Hoe gaat het?' });
  });

  it('tells an operator another one holds the conversation, and offers an admin to take it over', async () => {
    renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'POST /api/staff/inbox/1/open': () =>
        jsonResponse(409, { error: 'conversation_locked', message: 'Bezet' }),
      'POST /api/staff/inbox/1/take-over': () => jsonResponse(200, { conversation }),
    });
    expect(
      await screen.findByText('Een andere medewerker beantwoordt dit gesprek al.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Overnemen' }));
    const chat = await screen.findByRole('region', { name: 'Lid1 met Sanne' });
    expect(within(chat).getByText('Ben je wel echt?')).toBeInTheDocument();
  });
});

describe('a new chat partner', () => {
  it('is saved from the labelled fields, the city chosen from the region’s cities', async () => {
    const { calls } = renderConsole('/admin/partners/new', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'GET /api/regions.php': () =>
        jsonResponse(200, {
          countries: [
            {
              code: 'NL',
              region_label: 'province',
              regions: [{ id: 7, code: 'UT', name: 'Utrecht' }],
            },
          ],
        }),
      'GET /api/cities.php': () =>
        jsonResponse(200, { region_id: 7, cities: [{ id: 70, name: 'Amersfoort' }] }),
      'POST /api/staff/partners': () => jsonResponse(201, { partner: { id: 12 } }),
      'GET /api/staff/partners/12': () => jsonResponse(404, { error: 'not_found' }),
    });

    // the console's pages load on demand: the first one may take a while on a busy machine
    const name = await screen.findByLabelText('Naam');
    fireEvent.change(name, { target: { value: 'Sanne' } });
    fireEvent.change(screen.getByLabelText('Geboortedatum'), { target: { value: '1990-04-02' } });
    fireEvent.change(screen.getByLabelText('Zoekt'), { target: { value: 'female' } });
    await screen.findByRole('option', { name: 'Utrecht' });
    fireEvent.change(screen.getByLabelText('Provincie'), { target: { value: '7' } });
    await screen.findByRole('option', { name: 'Amersfoort' });
    fireEvent.change(screen.getByLabelText('Plaats'), { target: { value: '70' } });
    fireEvent.change(screen.getByLabelText('Over mij'), { target: { value: 'Ik zeil graag.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/staff/partners')?.body).toMatchObject({
        name: 'Sanne',
        gender: 'female',
        seeking_gender: 'female',
        date_of_birth: '1990-04-02',
        country: 'NL',
        region_id: 7,
        city_id: 70,
        about: 'Ik zeil graag.',
      }),
    );
  });
});
