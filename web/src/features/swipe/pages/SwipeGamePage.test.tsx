import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileCard, SwipeDecisionResponse, SwipeResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { deferred, jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';

const LIMIT = 'Je hebt vandaag al 4 likes gegeven in het swipespel. Morgen kun je weer verder.';

const mila = profileCardFixture; // fictional
const sanne: ProfileCard = {
  ...profileCardFixture,
  id: 8,
  name: 'Sanne',
  age: 33,
  city: 'Utrecht',
  fictional: false,
  verified: false,
  online: false,
};
const noor: ProfileCard = { ...sanne, id: 9, name: 'Noor', city: 'Leiden' };

const candidates = (profiles: ProfileCard[], likes_left = 4): SwipeResponse => ({
  profiles,
  likes_left,
  likes_per_day: 4,
});
const answer = (body: SwipeDecisionResponse) => () => jsonResponse(200, body);

function renderGame(routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(userFixture);
  const rendered = renderRoutes(createRoutes(queryClient), { path: '/swipe-game', queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

const topCard = () => screen.findByRole('region', { name: /^(Mila|Sanne|Noor)$/ });
const posts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.body);

/** jsdom has no PointerEvent: a MouseEvent with the pointer's id and type stands in. */
beforeAll(() => {
  if (typeof window.PointerEvent === 'function') return;
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
});

describe('the swipe game page', () => {
  it('shows the top card with name, age, city and the fictional badge, and the likes left', async () => {
    renderGame({ 'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne], 3)) });
    const card = await screen.findByRole('region', { name: 'Mila' });
    expect(within(card).getByRole('heading', { name: 'Mila' })).toBeInTheDocument();
    expect(within(card).getByText('29 jaar')).toBeInTheDocument();
    expect(within(card).getByText('Haarlem')).toBeInTheDocument();
    expect(within(card).getByTestId('fictional-badge')).toBeInTheDocument();
    expect(screen.getByTestId('likes-left')).toHaveTextContent('Nog 3 likes vandaag');
    expect(screen.getByRole('heading', { level: 1, name: 'Swipespel' })).toBeInTheDocument();
  });

  it('shows no fictional badge on a real member’s card', async () => {
    renderGame({ 'GET /api/swipe.php': () => jsonResponse(200, candidates([sanne])) });
    const card = await screen.findByRole('region', { name: 'Sanne' });
    expect(within(card).queryByTestId('fictional-badge')).toBeNull();
  });

  it('sends a like with the ♥ button and a pass with the ✕ button, then shows the next card', async () => {
    const { calls, user } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne, noor])),
      'POST /api/swipe.php': answer({ likes_left: 3, match: false }),
    });
    await screen.findByRole('region', { name: 'Mila' });
    await user.click(screen.getByRole('button', { name: 'Liken' }));
    expect(await screen.findByRole('region', { name: 'Sanne' })).toBeInTheDocument();
    expect(screen.getByTestId('likes-left')).toHaveTextContent('Nog 3 likes vandaag');
    expect(screen.getByText('Je hebt Mila geliket.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    expect(await screen.findByRole('region', { name: 'Noor' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { member: mila.id, choice: 'like' },
      { member: sanne.id, choice: 'pass' },
    ]);
  });

  it('likes with the right arrow key and passes with the left one', async () => {
    const { calls, user } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne, noor])),
      'POST /api/swipe.php': answer({ likes_left: 3, match: false }),
    });
    await screen.findByRole('region', { name: 'Mila' });
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('region', { name: 'Sanne' });
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('region', { name: 'Noor' });
    expect(posts(calls)).toEqual([
      { member: mila.id, choice: 'like' },
      { member: sanne.id, choice: 'pass' },
    ]);
  });

  it('likes a card dragged to the right past the threshold, and not one dragged a little', async () => {
    const { calls } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne])),
      'POST /api/swipe.php': answer({ likes_left: 3, match: false }),
    });
    const card = await screen.findByRole('region', { name: 'Mila' });
    const drag = (to: number) => {
      fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, button: 0 });
      fireEvent.pointerMove(card, { pointerId: 1, clientX: to });
      fireEvent.pointerUp(card, { pointerId: 1, clientX: to });
    };
    drag(130);
    expect(posts(calls)).toEqual([]);
    drag(260);
    await screen.findByRole('region', { name: 'Sanne' });
    expect(posts(calls)).toEqual([{ member: mila.id, choice: 'like' }]);
  });

  it('shows the server’s limit message on the fifth like, disables liking and lets passes go on', async () => {
    const { calls, user } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne], 1)),
      'POST /api/swipe.php': ({ body }) =>
        (body as { choice: string }).choice === 'like'
          ? jsonResponse(429, { error: 'swipe_limit_reached', message: LIMIT, limit: 4 })
          : jsonResponse(200, { likes_left: 0, match: false }),
    });
    await screen.findByRole('region', { name: 'Mila' });
    expect(screen.getByTestId('likes-left')).toHaveTextContent('Nog 1 like vandaag');
    await user.click(screen.getByRole('button', { name: 'Liken' }));
    expect(await screen.findAllByText(LIMIT)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Liken' })).toBeDisabled();
    expect(screen.getByTestId('likes-left')).toHaveTextContent('Geen likes meer vandaag');
    // the refused card stays; the arrow key does not send another like
    expect(screen.getByRole('region', { name: 'Mila' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    await screen.findByRole('region', { name: 'Sanne' });
    expect(posts(calls)).toEqual([
      { member: mila.id, choice: 'like' },
      { member: mila.id, choice: 'pass' },
    ]);
  });

  it('shows the limit message at once when no likes are left today', async () => {
    renderGame({ 'GET /api/swipe.php': () => jsonResponse(200, candidates([sanne], 0)) });
    await screen.findByRole('region', { name: 'Sanne' });
    expect(screen.getByText(LIMIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liken' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Overslaan' })).toBeEnabled();
  });

  it('celebrates a match and announces it', async () => {
    const { user } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([sanne, noor])),
      'POST /api/swipe.php': answer({ likes_left: 3, match: true }),
    });
    await screen.findByRole('region', { name: 'Sanne' });
    await user.click(screen.getByRole('button', { name: 'Liken' }));
    expect(await screen.findByText('Het is een match!')).toBeInTheDocument();
    expect(screen.getByText('Jij en Sanne vinden elkaar leuk.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk het profiel van Sanne' })).toHaveAttribute(
      'href',
      `/members/${sanne.id}`,
    );
    expect(
      screen.getByText('Het is een match! Jij en Sanne vinden elkaar leuk.'),
    ).toBeInTheDocument();
  });

  it('shows the empty state with a link to the members when nobody is left', async () => {
    renderGame({ 'GET /api/swipe.php': () => jsonResponse(200, candidates([])) });
    expect(
      await screen.findByRole('heading', { name: 'Je hebt iedereen gezien' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Leden zoeken' }),
    ).toHaveAttribute('href', '/members');
    expect(screen.queryByRole('button', { name: 'Liken' })).toBeNull();
  });

  it('asks the server for more candidates after the last card, and shows the empty state when none come', async () => {
    let gets = 0;
    const { user } = renderGame({
      'GET /api/swipe.php': () => {
        gets += 1;
        return jsonResponse(200, candidates(gets === 1 ? [noor] : []));
      },
      'POST /api/swipe.php': answer({ likes_left: 4, match: false }),
    });
    await screen.findByRole('region', { name: 'Noor' });
    await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    await screen.findByRole('heading', { name: 'Je hebt iedereen gezien' });
    expect(gets).toBe(2);
  });

  it('shows a loading state, then an error with a retry', async () => {
    const first = deferred();
    let gets = 0;
    const { user } = renderGame({
      'GET /api/swipe.php': () => {
        gets += 1;
        return gets === 1 ? first.promise : jsonResponse(200, candidates([mila]));
      },
    });
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Profielen laden…',
      ),
    );
    first.resolve(jsonResponse(403, { error: 'forbidden', message: 'Geen toegang.' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Geen toegang.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await topCard()).toHaveAccessibleName('Mila');
  });

  it('sends one decision at a time: keys pressed while one is under way are ignored', async () => {
    const pending = deferred();
    const { calls, user } = renderGame({
      'GET /api/swipe.php': () => jsonResponse(200, candidates([mila, sanne])),
      'POST /api/swipe.php': () => pending.promise,
    });
    await screen.findByRole('region', { name: 'Mila' });
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Liken' })).toBeDisabled();
    pending.resolve(jsonResponse(200, { likes_left: 3, match: false }));
    await screen.findByRole('region', { name: 'Sanne' });
    expect(posts(calls)).toHaveLength(1);
  });
});
