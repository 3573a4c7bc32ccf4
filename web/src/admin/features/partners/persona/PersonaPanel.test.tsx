import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxConversation, PersonaPanelResponse, StaffMember } from '@app/contract';
import { createRoutes } from '../../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../../test/http';
import { staffSocket } from '../../../../test/staff-socket';
import { withCannedReply } from '../api/personas';
import { staffAdmin as admin } from '../../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../../test/staff-socket')>('../../../../test/staff-socket')
    .socketIoModule(),
);

const operator: StaffMember = { id: 5, email: 'op@vonkje.test', name: 'Olga', roles: ['operator'] };

const conversation: InboxConversation = {
  conversation_id: 1,
  partner: { id: 100, name: 'Sanne', fictional: true, age: 34, city: 'Utrecht' },
  member: {
    id: 201,
    user_id: 301,
    name: 'Piet',
    gender: 'male',
    age: 41,
    city: 'Gouda',
    about: null,
    photo: null,
    language: 'nl',
  },
  messages: [
    {
      id: 1,
      from: 'member',
      type: 'text',
      text: 'Ben je wel echt? Ik ben zo eenzaam',
      at: '2026-11-26T01:00:00.000Z',
      operator: null,
      asks_real: true,
      vulnerable: true,
    },
  ],
  notes: [],
  vulnerable: { flagged: false, reason: null, keywords: true },
  asks_real: true,
  honest_answer: 'Eerlijk antwoord: Sanne is een fictief profiel (een chatmaatje).',
  waiting_since: '2026-11-26T01:00:00.000Z',
  lock: { operator: { id: 5, name: 'Olga' }, mine: true, expires_at: '2026-11-26T01:05:00.000Z' },
};

const persona: PersonaPanelResponse['persona'] = {
  partner: { id: 100, name: 'Sanne', fictional: true },
  backstory: 'Verpleegkundige, een hond die Max heet.',
  writing_style: 'Kort, veel smileys.',
  facts: [
    { id: 7, body: 'Heeft een zus in Gouda', author: 'Olga', at: '2026-11-25T10:00:00.000Z' },
  ],
  updated_at: '2026-11-25T09:00:00.000Z',
  updated_by: 'Anna',
};

const panel: PersonaPanelResponse = {
  persona,
  notes: [
    {
      id: 3,
      body: 'Vertelde over zijn nieuwe baan',
      author: 'Kees',
      at: '2026-11-25T11:00:00.000Z',
    },
  ],
  language: 'nl',
  replies: [
    {
      id: 9,
      partner_id: 100,
      language: 'nl',
      title: 'Groet',
      body: 'Hoi {name}! Hoe is het in {city}?',
      text: 'Hoi Piet! Hoe is het in Gouda?',
      missing: [],
    },
  ],
};

function renderConversation(staff: StaffMember, routes: Record<string, Responder> = {}) {
  const http = mockFetch({
    'GET /api/staff/me': () => jsonResponse(200, { staff }),
    'POST /api/staff/inbox/1/open': () => jsonResponse(200, { conversation }),
    'GET /api/staff/inbox/1/persona': () => jsonResponse(200, panel),
    'GET /api/staff/inbox': () =>
      jsonResponse(200, { conversations: [], waiting: 0, waiting_capped: false, next: null }),
    ...routes,
  });
  const queryClient = seededQueryClient();
  renderRoutes(createRoutes(queryClient), { path: '/admin/inbox/1', queryClient });
  return http;
}

jest.setTimeout(30_000);

describe('the persona panel beside a conversation', () => {
  beforeEach(() => staffSocket.reset());

  it('shows the partner’s sheet, the notes on the conversation and the filled canned replies, after the warning and the honest answer', async () => {
    renderConversation(operator);
    const sheet = await screen.findByRole('region', { name: 'Persoon: Sanne' });
    expect(within(sheet).getByText('Verpleegkundige, een hond die Max heet.')).toBeInTheDocument();
    expect(within(sheet).getByText('Kort, veel smileys.')).toBeInTheDocument();
    expect(within(sheet).getByText('Heeft een zus in Gouda')).toBeInTheDocument();
    expect(within(sheet).getByText(/Fictief profiel/)).toBeInTheDocument();
    // an operator reads the character, an admin writes it
    expect(
      within(sheet).queryByRole('button', { name: 'Achtergrond en stijl bewerken' }),
    ).not.toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notities bij dit gesprek' });
    expect(within(notes).getByText('Vertelde over zijn nieuwe baan')).toBeInTheDocument();
    expect(within(notes).getByText(/Kees/)).toBeInTheDocument();
    const replies = screen.getByRole('region', { name: 'Standaardantwoorden (Nederlands)' });
    expect(within(replies).getByText('Hoi Piet! Hoe is het in Gouda?')).toBeInTheDocument();

    // the care warning and the honest answer come first on the screen
    const warning = screen.getByText(/Let op: mogelijk kwetsbaar lid/);
    const honesty = screen.getByRole('button', { name: 'Eerlijk antwoord invullen' });
    expect(warning.compareDocumentPosition(sheet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(honesty.compareDocumentPosition(sheet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts a canned reply into the reply box after what it holds, to be edited and sent', async () => {
    const { calls } = renderConversation(operator, {
      'POST /api/staff/inbox/1/reply': () => jsonResponse(201, { message: { id: 2 } }),
    });
    const insert = await screen.findByRole('button', { name: 'Invoegen: Groet' });
    const box = screen.getByLabelText('Antwoord als Sanne');
    fireEvent.change(box, { target: { value: 'Hee!' } });
    fireEvent.click(insert);
    expect(box).toHaveValue('Hee! Hoi Piet! Hoe is het in Gouda?');
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'Hoi Piet! Hoe is het in Gouda? Regent het?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(calls.find((c) => c.url.endsWith('/api/staff/inbox/1/reply'))?.body).toEqual({
      text: 'Hoi Piet! Hoe is het in Gouda? Regent het?',
    });
  });

  it('notes a fact told and what was said, each shown at once', async () => {
    const { calls } = renderConversation(operator, {
      'POST /api/staff/partners/100/persona/facts': () =>
        jsonResponse(201, {
          persona: {
            ...persona,
            facts: [
              ...persona.facts,
              {
                id: 8,
                body: 'Rijdt een oude Volvo',
                author: 'Olga',
                at: '2026-11-26T01:02:00.000Z',
              },
            ],
          },
        }),
      'POST /api/staff/inbox/1/notes': () =>
        jsonResponse(201, {
          notes: [
            { id: 4, body: 'Vroeg naar Max', author: 'Olga', at: '2026-11-26T01:03:00.000Z' },
            ...panel.notes,
          ],
        }),
    });
    const fact = await screen.findByLabelText('Feit toevoegen dat verteld is');
    fireEvent.change(fact, { target: { value: 'Rijdt een oude Volvo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Rijdt een oude Volvo')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/persona/facts'))?.body).toEqual({
      body: 'Rijdt een oude Volvo',
    });

    fireEvent.change(screen.getByLabelText('Wat is er gezegd?'), {
      target: { value: 'Vroeg naar Max' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gespreksnotitie opslaan' }));
    expect(await screen.findByText('Vroeg naar Max')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/staff/inbox/1/notes'))?.body).toEqual({
      body: 'Vroeg naar Max',
    });
  });

  it('lets an admin rewrite the backstory and style', async () => {
    const { calls } = renderConversation(admin, {
      'PUT /api/staff/partners/100/persona': (call) =>
        jsonResponse(200, { persona: { ...persona, ...(call.body as object) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Achtergrond en stijl bewerken' }));
    fireEvent.change(screen.getByLabelText('Achtergrond'), {
      target: { value: 'Lerares in Utrecht.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    // saved: the sheet shows the new text again (the editor closed)
    expect(
      await screen.findByText('Lerares in Utrecht.', { selector: 'p' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      backstory: 'Lerares in Utrecht.',
      writing_style: 'Kort, veel smileys.',
    });
  });

  it('shows why a new canned reply is refused (an unknown placeholder)', async () => {
    renderConversation(operator, {
      'POST /api/staff/partners/100/canned-replies': () =>
        jsonResponse(400, {
          error: 'canned_reply_placeholder_unknown',
          message: 'Onbekende invulplek „leeftijd”',
          field: 'body',
        }),
    });
    fireEvent.click(await screen.findByText('Nieuw standaardantwoord'));
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Leeftijd' } });
    fireEvent.change(screen.getByLabelText('Tekst'), {
      target: { value: 'Ben je {leeftijd}?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Standaardantwoord opslaan' }));
    expect(await screen.findByText(/Onbekende invulplek/)).toBeInTheDocument();
  });
});

describe('a canned reply in the reply box', () => {
  it('stands alone in an empty box and follows what the operator wrote', () => {
    expect(withCannedReply('', 'Hoi Piet!')).toBe('Hoi Piet!');
    expect(withCannedReply('  \n', 'Hoi Piet!')).toBe('Hoi Piet!');
    expect(withCannedReply('Hee! ', 'Hoi Piet!')).toBe('Hee! Hoi Piet!');
  });
});
