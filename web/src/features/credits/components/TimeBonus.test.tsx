import { act, screen, within } from '@testing-library/react';
import type { DiscountCodeResponse, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { newUserFixture } from '../../../test/fixtures';
import { userQueryKey } from '../../../api/user';
import { countdownParts, setTimeBonus } from '../time-bonus';

const member: User = { ...newUserFixture, status: 'confirmed', credits: 0, paid_user: false };

const welcome = (seconds_left: number): DiscountCodeResponse => ({
  discountcode: {
    code: 'TIMEBONUS25',
    value_percentage: 25,
    minimum_order_value: 0,
    country: null,
    currency: null,
    paymentmethods: [],
    expires: new Date(Date.now() + seconds_left * 1000).toISOString(),
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    seconds_left,
  },
});

const EMPTY_SEARCH = { profiles: [], count: 0, count_capped: false, next: null, similar: null };

function render(path: string, user: User, routes: Record<string, Responder>) {
  const fetch = mockFetch({
    'GET /api/search.php': () => jsonResponse(200, EMPTY_SEARCH),
    'GET /api/likes.php': () =>
      jsonResponse(200, {
        profiles: [],
        likes: [],
        liked_by: [],
        new_likes: 0,
        likers_shown: false,
      }),
    'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
    'GET /api/packages.php': () =>
      jsonResponse(200, { country: 'NL', currency: 'EUR', packages: [] }),
    'GET /api/repeat-order.php': () => jsonResponse(200, { order: null }),
    ...routes,
  });
  const queryClient = seededQueryClient(user);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered };
}

describe('the time bonus', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    act(() => setTimeBonus(null));
    jest.useRealTimers();
  });

  it('writes hours, minutes and seconds as two digits', () => {
    expect(countdownParts(14_399)).toEqual({ hours: '03', minutes: '59', seconds: '59' });
    expect(countdownParts(65)).toEqual({ hours: '00', minutes: '01', seconds: '05' });
  });

  it('shows the banner in the members area and counts down every second', async () => {
    render('/members', member, {
      'GET /api/discountcode.php': () => jsonResponse(200, welcome(3_725)),
    });
    const clock = await screen.findByTestId('time-bonus-countdown');
    expect(clock).toHaveTextContent('01:02:05');
    expect(screen.getByRole('link', { name: /Welkomstbonus: 25% korting/ })).toHaveAttribute(
      'href',
      '/credits',
    );
    await act(() => jest.advanceTimersByTimeAsync(2_000));
    expect(clock).toHaveTextContent('01:02:03');
  });

  it('clears the banner at zero', async () => {
    render('/members', member, {
      'GET /api/discountcode.php': () => jsonResponse(200, welcome(2)),
    });
    await screen.findByTestId('time-bonus-countdown');
    await act(() => jest.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByTestId('time-bonus-countdown')).toBeNull();
  });

  it('shows nothing when the server has no welcome code, and does not mind its failure', async () => {
    const { calls } = render('/members', member, {
      'GET /api/discountcode.php': () =>
        jsonResponse(404, { error: 'discount_not_found', message: 'Code niet gevonden' }),
    });
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(calls.some((c) => c.url.includes('welcome=true'))).toBe(true);
    expect(screen.queryByTestId('time-bonus-countdown')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never asks for a member who has paid, and is cleared once the member pays', async () => {
    const { calls, queryClient } = render(
      '/members',
      { ...member, paid_user: true },
      {
        'GET /api/discountcode.php': () => jsonResponse(200, welcome(600)),
      },
    );
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(calls.some((c) => c.url.includes('discountcode'))).toBe(false);
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: member });
    });
    expect(await screen.findByTestId('time-bonus-countdown')).toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: { ...member, paid_user: true } });
    });
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(screen.queryByTestId('time-bonus-countdown')).toBeNull();
  });

  it('is not shown outside the members area', async () => {
    render('/profile', member, {
      'GET /api/discountcode.php': () => jsonResponse(200, welcome(600)),
      'GET /api/profile.php': () => jsonResponse(500, {}),
    });
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.queryByTestId('time-bonus-countdown')).toBeNull();
  });

  it('opens the modal 40 seconds into the members area for a member with 0 credits, once', async () => {
    render('/members', member, {
      'GET /api/discountcode.php': () => jsonResponse(200, welcome(7_200)),
    });
    await screen.findByTestId('time-bonus-countdown');
    await act(() => jest.advanceTimersByTimeAsync(39_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(1_500));
    const dialog = screen.getByRole('dialog', { name: 'Welkomstbonus' });
    expect(within(dialog).getByText('Speciale aanbieding')).toBeInTheDocument();
    expect(within(dialog).getByText('25%')).toBeInTheDocument();
    expect(within(dialog).getByText(/deze aanbieding geldt maar 4 uur/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: /Naar de credits – nog 01:59:[12]\d/ }),
    ).toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Sluiten' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(`time-bonus-dismissed:${member.id}`)).not.toBeNull();
  });

  it('does not open the modal for a member who has credits', async () => {
    render(
      '/members',
      { ...member, credits: 20 },
      {
        'GET /api/discountcode.php': () => jsonResponse(200, welcome(7_200)),
      },
    );
    await screen.findByTestId('time-bonus-countdown');
    await act(() => jest.advanceTimersByTimeAsync(45_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the modal before going to the credits', async () => {
    const { router } = render('/members', member, {
      'GET /api/discountcode.php': () => jsonResponse(200, welcome(7_200)),
    });
    await screen.findByTestId('time-bonus-countdown');
    await act(() => jest.advanceTimersByTimeAsync(41_000));
    await act(async () => screen.getByRole('button', { name: /Naar de credits/ }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/credits');
  });
});
