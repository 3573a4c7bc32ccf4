import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  InboxConversation,
  OperatorGiftsResponse,
  PartnerLibraryResponse,
  StaffMember,
} from '@app/contract';
import { createRoutes } from '../../../../app/router';
import { jsonResponse } from '../../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../../test/console';
import { staffSocket } from '../../../../test/staff-socket';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../../test/staff-socket')>('../../../../test/staff-socket')
    .socketIoModule(),
);

const operator: StaffMember = { id: 5, email: 'op@vonkje.test', name: 'Olga', roles: ['operator'] };

const conversation = (overrides: Partial<InboxConversation> = {}): InboxConversation => ({
  conversation_id: 1,
  partner: { id: 100, name: 'Sanne', fictional: true, age: 34, city: 'Utrecht' },
  member: {
    id: 201,
    user_id: 301,
    name: 'Lid1',
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
      text: 'Stuur eens een foto',
      at: '2026-11-26T01:00:00.000Z',
      operator: null,
      asks_real: false,
      vulnerable: false,
    },
  ],
  notes: [],
  vulnerable: { flagged: false, reason: null, keywords: false },
  asks_real: false,
  honest_answer: 'Eerlijk antwoord: Sanne is een fictief profiel.',
  waiting_since: '2026-11-26T01:00:00.000Z',
  lock: { operator: { id: 5, name: 'Olga' }, mine: true, expires_at: '2026-11-26T01:05:00.000Z' },
  ...overrides,
});

const library: PartnerLibraryResponse = {
  partner: { id: 100, name: 'Sanne', fictional: true },
  photos: [
    {
      id: 41,
      thumb_url: '/media/library/a-thumb.webp',
      full_url: '/media/library/a-full.webp',
      width: 800,
      height: 600,
      created_at: '2026-11-26T00:00:00.000Z',
    },
    {
      id: 42,
      thumb_url: '/media/library/b-thumb.webp',
      full_url: '/media/library/b-full.webp',
      width: 800,
      height: 600,
      created_at: '2026-11-26T00:00:00.000Z',
    },
  ],
  max: 100,
};

const gifts: OperatorGiftsResponse = {
  gifts: [
    { id: 3, slug: 'rose', image: '/media/gifts/rose.svg', credits: 20, names: { nl: 'Roos' } },
  ],
};

const renderConsole = consoleRenderer(createRoutes);

const inboxEmpty = () =>
  jsonResponse(200, { conversations: [], waiting: 0, waiting_capped: false, next: null });

jest.setTimeout(30_000);

describe('the operators’ tools in the inbox', () => {
  beforeEach(() => staffSocket.reset());

  it('sends a chosen photo of the partner’s library, then a gift, each as the partner with its own Idempotency-Key', async () => {
    const { calls } = renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'POST /api/staff/inbox/1/open': () => jsonResponse(200, { conversation: conversation() }),
      'GET /api/staff/inbox/1': () => jsonResponse(200, { conversation: conversation() }),
      'GET /api/staff/inbox/1/library': () => jsonResponse(200, library),
      'GET /api/staff/inbox/gifts': () => jsonResponse(200, gifts),
      'POST /api/staff/inbox/1/photo': () => jsonResponse(201, { message: { id: 9 } }),
      'POST /api/staff/inbox/1/gift': () => jsonResponse(201, { message: { id: 10 } }),
      'GET /api/staff/inbox': inboxEmpty,
    });
    const extras = await screen.findByRole('region', { name: 'Foto of cadeau als Sanne' });
    const send = within(extras).getByRole('button', { name: 'Foto sturen als Sanne' });
    expect(send).toBeDisabled();
    fireEvent.click(await within(extras).findByRole('button', { name: 'Foto 2 kiezen' }));
    expect(within(extras).getByRole('button', { name: 'Foto 2 kiezen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(send);
    expect(await within(extras).findByText('Foto verstuurd.')).toBeInTheDocument();
    const photo = calls.find((c) => c.url.endsWith('/api/staff/inbox/1/photo'))!;
    expect(photo.body).toEqual({ photo: 42 });
    expect(photo.headers['Idempotency-Key']).toBeTruthy();

    fireEvent.click(within(extras).getByRole('button', { name: /Roos/ }));
    fireEvent.click(within(extras).getByRole('button', { name: 'Cadeau sturen als Sanne' }));
    expect(await within(extras).findByText('Cadeau verstuurd.')).toBeInTheDocument();
    const gift = calls.find((c) => c.url.endsWith('/api/staff/inbox/1/gift'))!;
    expect(gift.body).toEqual({ gift: 3 });
    expect(gift.headers['Idempotency-Key']).not.toBe(photo.headers['Idempotency-Key']);
    expect(screen.getByText(/gratis voor het lid/)).toBeInTheDocument();
  });

  it('keeps the honest answer first: no photo or gift while the member asks whether a real person writes', async () => {
    renderConsole('/admin/inbox/1', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'POST /api/staff/inbox/1/open': () =>
        jsonResponse(200, { conversation: conversation({ asks_real: true }) }),
      'GET /api/staff/inbox/1/library': () => jsonResponse(200, library),
      'GET /api/staff/inbox/gifts': () => jsonResponse(200, gifts),
      'GET /api/staff/inbox': inboxEmpty,
    });
    const extras = await screen.findByRole('region', { name: 'Foto of cadeau als Sanne' });
    expect(within(extras).getByText(/Stuur eerst het eerlijke antwoord/)).toBeInTheDocument();
    const photo = await within(extras).findByRole('button', { name: 'Foto 1 kiezen' });
    expect(photo).toBeDisabled();
    expect(within(extras).getByRole('button', { name: /Roos/ })).toBeDisabled();
    // the honest answer is on the screen above the composer, first
    const honest = screen.getByRole('button', { name: 'Eerlijk antwoord invullen' });
    expect(honest.compareDocumentPosition(extras) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('claims the next conversation from the inbox and opens it, or says none waits', async () => {
    let claims = 0;
    const { calls } = renderConsole('/admin/inbox', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: operator }),
      'GET /api/staff/inbox': inboxEmpty,
      'POST /api/staff/inbox/next': () => {
        claims += 1;
        return claims === 1
          ? jsonResponse(200, { conversation: null })
          : jsonResponse(200, { conversation: conversation({ conversation_id: 7 }) });
      },
      'GET /api/staff/inbox/7/library': () => jsonResponse(200, library),
      'GET /api/staff/inbox/gifts': () => jsonResponse(200, gifts),
    });
    const next = await screen.findByRole('button', { name: /Volgend gesprek/ });
    fireEvent.click(next);
    expect(
      await screen.findByText('Er wacht geen gesprek dat niemand behandelt.'),
    ).toBeInTheDocument();
    fireEvent.click(next);
    expect(await screen.findByRole('region', { name: 'Lid1 met Sanne' })).toBeInTheDocument();
    // opened from the claim's answer: no second request takes the hold
    expect(calls.filter((c) => c.url.includes('/open'))).toEqual([]);
    expect(screen.getByRole('button', { name: /Volgend gesprek/ })).toBeInTheDocument();
  });
});

describe('a chat partner’s photo library (admins)', () => {
  it('shows the library on the partner page, adds a photo and removes one', async () => {
    const partner = {
      id: 100,
      name: 'Sanne',
      fictional: true,
      gender: 'female',
      seeking_gender: 'male',
      date_of_birth: '1990-01-01',
      age: 36,
      country: 'NL',
      region_id: null,
      city_id: null,
      city: null,
      photos: [],
      conversations: 0,
      about: null,
      interests: [],
    };
    const { calls } = renderConsole('/admin/partners/100', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'GET /api/staff/partners/100': () => jsonResponse(200, { partner }),
      'GET /api/regions.php': () => jsonResponse(200, { countries: [] }),
      'GET /api/staff/partners/100/library': () => jsonResponse(200, library),
      'POST /api/staff/partners/100/library': () => jsonResponse(201, library),
      'DELETE /api/staff/partners/100/library/41': () =>
        jsonResponse(200, { ...library, photos: library.photos.slice(1) }),
    });
    const section = await screen.findByRole('region', { name: 'Fotobibliotheek' });
    expect(await within(section).findByText("Foto's: 2 van 100")).toBeInTheDocument();
    const input = within(section).getByLabelText('Foto toevoegen aan de bibliotheek');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'sanne.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/library'))).toBe(true),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Foto 1 verwijderen' }));
    expect(await within(section).findByText("Foto's: 1 van 100")).toBeInTheDocument();
  });
});
