import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  STAFF_BACKGROUND_HEADER,
  type ChatPhotoQueueEntry,
  type InspectionPhoto,
  type InspectionText,
  type StaffMember,
} from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const moderator: StaffMember = {
  id: 7,
  email: 'mod@vonkje.test',
  name: null,
  roles: ['moderator'],
};

function photo(
  id: number,
  name: string,
  screening: InspectionPhoto['screening'] = null,
): InspectionPhoto {
  return {
    id,
    screening,
    created_at: '2026-11-25T10:00:00.000Z',
    full_url: `/media/photos/p${id}-full.webp?e=1&v=o&s=x`,
    width: 800,
    height: 600,
    claimed_until: '2026-11-26T10:02:00.000Z',
    member: {
      user_id: 100 + id,
      profile_id: 200 + id,
      name,
      gender: 'female',
      age: 31,
      country: 'NL',
      city: 'Haarlem',
      about: 'Ik wandel graag.',
      member_since: '2026-01-02T10:00:00.000Z',
      fictional: false,
      photos: [],
    },
  };
}

const stats = (waiting: number) => ({
  photos: { waiting, oldest_at: waiting ? '2026-11-26T09:00:00.000Z' : null },
  texts: { waiting: 0, oldest_at: null },
});

describe('the photo inspection desk', () => {
  // the photo ahead is loaded by setting an image's src (PhotoInspectionPage's prefetch)
  let imageSrc: jest.SpyInstance;
  beforeEach(() => {
    imageSrc = jest.spyOn(HTMLImageElement.prototype, 'src', 'set');
  });
  afterEach(() => imageSrc.mockRestore());

  /** Resolves once the claim of photo `id` ahead came back: a decision now shows it at once. */
  const loadedAhead = (id: number) =>
    waitFor(() => expect(imageSrc).toHaveBeenCalledWith(photo(id, '').full_url));

  it('approves with A, rejects with a reason number, shows the next photo at once, and undoes with U', async () => {
    const queue = [photo(1, 'Roos'), photo(2, 'Mila'), photo(3, 'Sanne')];
    const decided = new Set<number>();
    const nextPhoto = (call: RecordedCall) => {
      const exclude = (call.body as { exclude: number[] }).exclude;
      const free = queue.find((p) => !decided.has(p.id) && !exclude.includes(p.id)) ?? null;
      return jsonResponse(200, { photo: free, stats: stats(queue.length - decided.size).photos });
    };
    const decide = (id: number) => (call: RecordedCall) => {
      decided.add(id);
      void call;
      return jsonResponse(200, {
        decision: `d${id}`,
        undo_until: new Date(Date.now() + 10_000).toISOString(),
        stats: stats(queue.length - decided.size).photos,
      });
    };
    const { calls } = mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(3)),
      'POST /api/staff/inspection/photos/next': nextPhoto,
      'POST /api/staff/inspection/photos/1/decision': decide(1),
      'POST /api/staff/inspection/photos/2/decision': decide(2),
      'POST /api/staff/inspection/decisions/d2/undo': () => {
        decided.delete(2);
        return jsonResponse(200, { kind: 'photo', id: 2, stats: stats(2).photos });
      },
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });

    expect(await screen.findByRole('img', { name: 'Foto #1 van Roos' })).toBeInTheDocument();
    expect(await screen.findByTestId('inspection-waiting')).toHaveTextContent('3');
    // the next photo was claimed ahead
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/staff/inspection/photos/next').map((c) => c.body),
      ).toEqual([{ exclude: [] }, { exclude: [1] }]),
    );
    await loadedAhead(2);

    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByRole('img', { name: 'Foto #2 van Mila' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/photos/1/decision'))?.body).toEqual({
        action: 'approve',
      }),
    );
    expect(await screen.findByText('Foto #1 van Roos goedgekeurd.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/photos/next')).at(-1)?.body).toEqual({
        exclude: [2],
      }),
    );
    await loadedAhead(3);

    // 3 is the third reason: nudity
    fireEvent.keyDown(window, { key: '3' });
    expect(screen.getByRole('img', { name: 'Foto #3 van Sanne' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/photos/2/decision'))?.body).toEqual({
        action: 'reject',
        reason: 'nudity',
      }),
    );
    expect(await screen.findByText('Foto #2 van Mila afgekeurd: Naakt.')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'u' });
    expect(await screen.findByRole('img', { name: 'Foto #2 van Mila' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/staff/inspection/decisions/d2/undo')).toBe(true);
    // keys typed into a field are the field's
    const before = calls.length;
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: 'a' });
    expect(calls.filter((c) => c.url.endsWith('/decision')).length).toBe(2);
    expect(calls.length).toBeGreaterThanOrEqual(before);
  });

  it('shows a match of a photo rejected for abuse on top, then the risk and the five scores; 8 rejects for abuse', async () => {
    const scored = photo(4, 'Roos', {
      risk: 0.72,
      scores: { drawing: 0.03, hentai: 0.02, neutral: 0.25, porn: 0.6, sexy: 0.1 },
      abuse_match: true,
      scored_at: '2026-11-25T10:00:05.000Z',
    });
    const { calls } = mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(1)),
      'POST /api/staff/inspection/photos/next': (call) =>
        jsonResponse(200, {
          photo: (call.body as { exclude: number[] }).exclude.includes(4) ? null : scored,
          stats: stats(1).photos,
        }),
      'POST /api/staff/inspection/photos/4/decision': () =>
        jsonResponse(200, {
          decision: 'd4',
          undo_until: new Date(Date.now() + 10_000).toISOString(),
          stats: stats(0).photos,
        }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });

    expect(await screen.findByTestId('inspection-abuse-match')).toHaveTextContent(
      'Lijkt op een foto die is afgekeurd wegens misbruik',
    );
    expect(screen.getByTestId('inspection-risk')).toHaveTextContent('Risico 72%');
    expect(screen.getByRole('meter', { name: 'Porno: 60%' })).toBeInTheDocument();
    expect(screen.getAllByRole('meter')).toHaveLength(5);
    // a moderator decides: the 8th reason is abuse
    fireEvent.keyDown(window, { key: '8' });
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/photos/4/decision'))?.body).toEqual({
        action: 'reject',
        reason: 'abuse',
      }),
    );
  });

  it('says a photo is not scored yet', async () => {
    mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(1)),
      'POST /api/staff/inspection/photos/next': () =>
        jsonResponse(200, {
          photo: photo(5, 'Mila', {
            risk: null,
            scores: null,
            abuse_match: false,
            scored_at: null,
          }),
          stats: stats(1).photos,
        }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });
    expect(
      await screen.findByText('Nog niet gescoord: het model bekijkt de foto zo.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('inspection-abuse-match')).toBeNull();
  });

  it('says so when no photo waits', async () => {
    mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(0)),
      'POST /api/staff/inspection/photos/next': () =>
        jsonResponse(200, { photo: null, stats: stats(0).photos }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });
    expect(
      await screen.findByText("Er wachten geen foto's. Nieuwe foto's verschijnen hier vanzelf."),
    ).toBeInTheDocument();
  });
});

describe('the idle timeout on the inspection desk', () => {
  afterEach(() => jest.useRealTimers());

  it('marks its minutely poll of the stats as background once the moderator has done nothing for a while, and a click makes it theirs again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { calls } = mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(0)),
      'POST /api/staff/inspection/photos/next': () =>
        jsonResponse(200, { photo: null, stats: stats(0).photos }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });
    const polls = () => calls.filter((c) => c.url === '/api/staff/inspection/stats');
    await waitFor(() => expect(polls()).toHaveLength(1));
    // the page was just opened: the moderator's own request
    expect(polls()[0].headers[STAFF_BACKGROUND_HEADER]).toBeUndefined();

    // nobody touches the console: the polls a few minutes on are background
    await act(() => jest.advanceTimersByTimeAsync(3 * 60_000));
    await waitFor(() => expect(polls().length).toBeGreaterThanOrEqual(3));
    expect(polls().at(-1)!.headers[STAFF_BACKGROUND_HEADER]).toBe('1');

    // a click is the moderator's: the next poll counts again
    fireEvent.pointerDown(document.body);
    const before = polls().length;
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(polls().length).toBeGreaterThan(before));
    expect(polls().at(-1)!.headers[STAFF_BACKGROUND_HEADER]).toBeUndefined();
  });
});

function text(id: number, name: string): InspectionText {
  const { created_at, claimed_until, member } = photo(id, name);
  return {
    id,
    field: 'about',
    previous: 'Ik wandel graag.',
    text: 'Bel me op 0612345678',
    created_at,
    claimed_until,
    member,
  };
}

describe('the profile text desk', () => {
  it('shows the changed text beside the previous one, claims ahead once, and rejects with a reason number', async () => {
    const { calls } = mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(2)),
      'POST /api/staff/inspection/texts/next': (call: RecordedCall) => {
        const exclude = (call.body as { exclude: number[] }).exclude;
        const free = [text(5, 'Roos'), text(6, 'Mila')].find((t) => !exclude.includes(t.id));
        return jsonResponse(200, { text: free ?? null, stats: stats(2).photos });
      },
      'POST /api/staff/inspection/texts/5/decision': () =>
        jsonResponse(200, {
          decision: 'd5',
          undo_until: new Date(Date.now() + 10_000).toISOString(),
          stats: stats(1).photos,
        }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection/texts', queryClient });

    expect(await screen.findByTestId('inspection-text')).toHaveTextContent('Bel me op 0612345678');
    expect(
      screen.getByText('Ik wandel graag.', { selector: '.inspection-text--previous' }),
    ).toBeInTheDocument();
    // the first text and the one ahead, each claimed once
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/texts/next')).map((c) => c.body)).toEqual([
        { exclude: [] },
        { exclude: [5] },
      ]),
    );

    // 1 is the first text reason: contact details
    fireEvent.keyDown(window, { key: '1' });
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/texts/5/decision'))?.body).toEqual({
        action: 'reject',
        reason: 'contact_details',
      }),
    );
    expect(
      await screen.findByText('Tekst van Roos afgekeurd: Contactgegevens.'),
    ).toBeInTheDocument();
  });
});

describe('flagged chat photos on the photo desk', () => {
  const chatPhoto: ChatPhotoQueueEntry = {
    message_id: 55,
    conversation_id: 9,
    sent_at: '2026-11-26T08:00:00.000Z',
    image_url: '/api/staff/inspection/chat-photos/55/image',
    screening: {
      risk: 0.92,
      scores: { drawing: 0, hentai: 0.02, neutral: 0.08, porn: 0.6, sexy: 0.3 },
      abuse_match: false,
      scored_at: '2026-11-26T08:00:05.000Z',
    },
    sender: { user_id: 301, profile_id: 401, name: 'Kees' },
    recipient: { user_id: 302, profile_id: 402, name: 'Anna' },
  };

  it('lists a flagged chat photo with its risk and who sent it to whom, and removes it with a reason and an explanation', async () => {
    let removed = false;
    const { calls } = mockFetch({
      'GET /api/staff/me': () => jsonResponse(200, { staff: moderator }),
      'GET /api/staff/inspection/stats': () => jsonResponse(200, stats(0)),
      'POST /api/staff/inspection/photos/next': () =>
        jsonResponse(200, { photo: null, stats: stats(0).photos }),
      'GET /api/staff/inspection/chat-photos': () =>
        jsonResponse(200, {
          photos: removed ? [] : [chatPhoto],
          stats: { waiting: removed ? 0 : 1, oldest_at: null },
        }),
      'POST /api/staff/inspection/chat-photos/55/decision': () => {
        removed = true;
        return jsonResponse(200, { stats: { waiting: 0, oldest_at: null } });
      },
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/admin/inspection', queryClient });

    const title = 'Chatfoto van Kees (profiel 401) aan Anna (profiel 402)';
    const card = await screen.findByRole('article', { name: title });
    expect(within(card).getByRole('img', { name: title })).toHaveAttribute(
      'src',
      chatPhoto.image_url,
    );
    expect(within(card).getByTestId('inspection-risk')).toHaveTextContent('Risico 92%');
    fireEvent.change(within(card).getByLabelText('Reden'), { target: { value: 'nudity' } });
    fireEvent.change(within(card).getByLabelText('Toelichting voor de afzender'), {
      target: { value: 'Naaktfoto zonder dat erom gevraagd werd.' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/chat-photos/55/decision'))?.body).toEqual({
        action: 'remove',
        reason: 'nudity',
        explanation: 'Naaktfoto zonder dat erom gevraagd werd.',
      }),
    );
    expect(await screen.findByText("Geen gemarkeerde chatfoto's.")).toBeInTheDocument();
  });
});
