import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoLikeResponse, LikesResponse, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';
import { AUTO_LIKE_SESSION_KEY } from './MatchModal';

const mila = profileCardFixture; // id 7, fictional
const emptyLikes: LikesResponse = {
  profiles: [],
  likes: [],
  liked_by: [],
  new_likes: 0,
  likers_shown: true,
};
const newLike: AutoLikeResponse = {
  profile: {
    id: mila.id,
    name: mila.name,
    fictional: true,
    main_image: null,
    match: false,
  },
  hidden_like: false,
};

function renderAt(
  path: string,
  routes: Record<string, Responder>,
  user: User | null = userFixture,
) {
  const fetch = mockFetch({ 'GET /api/likes.php': () => jsonResponse(200, emptyLikes), ...routes });
  const queryClient = seededQueryClient(user);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

const autoLikeCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/auto-like.php')).length;
const likesCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/likes.php')).length;

describe('the Match / New like modal', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the newest new like from auto-like.php on entering the members area, labelled as a chat pal, and reloads the likes after it', async () => {
    const { calls } = renderAt('/likes/given', {
      'GET /api/auto-like.php': () => jsonResponse(200, newLike),
    });
    const modal = await screen.findByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    expect(within(modal).getByText('Mila vindt jou leuk.')).toBeInTheDocument();
    expect(within(modal).getByTestId('fictional-badge')).toBeInTheDocument();
    expect(within(modal).getByText('👍')).toBeInTheDocument();
    const before = likesCalls(calls);
    // likes reload AUTO_LIKE_RELOAD_MS after the answer
    await waitFor(() => expect(likesCalls(calls)).toBeGreaterThan(before), { timeout: 2000 });
  });

  it('opens the profile under /likes when the photo is clicked', async () => {
    const { user, router } = renderAt('/likes/given', {
      'GET /api/auto-like.php': () =>
        jsonResponse(200, { ...newLike, profile: { ...newLike.profile!, match: true } }),
    });
    const modal = await screen.findByRole('dialog', { name: 'Het is een match!' });
    await user.click(within(modal).getByRole('button', { name: 'Profielfoto van Mila' }));
    expect(router.state.location.pathname).toBe('/likes/m/7');
    expect(screen.queryByRole('dialog', { name: 'Het is een match!' })).toBeNull();
  });

  it('opens the profile from its button too', async () => {
    const { user, router } = renderAt('/members/12', {
      'GET /api/auto-like.php': () => jsonResponse(200, newLike),
    });
    const modal = await screen.findByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    await user.click(within(modal).getByRole('button', { name: 'Bekijk het profiel van Mila' }));
    expect(router.state.location.pathname).toBe('/likes/m/7');
  });

  it('closes on a click beside the content and asks auto-like.php only once per session', async () => {
    const { calls, user, router } = renderAt('/likes/given', {
      'GET /api/auto-like.php': () => jsonResponse(200, newLike),
    });
    const modal = await screen.findByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    await user.click(modal);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/likes/given');

    await router.navigate('/likes/received');
    await screen.findByRole('heading', { level: 1, name: 'Likes' });
    expect(autoLikeCalls(calls)).toBe(1);
    expect(sessionStorage.getItem(AUTO_LIKE_SESSION_KEY)).toBe('1');
  });

  it('shows nothing when auto-like.php has no new like, and waits for the members area', async () => {
    const { calls, router } = renderAt('/notifications', {
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null, hidden_like: false }),
    });
    // the member's shell is up (its navigation badges ask chats.php) and no auto-like asked
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/chats.php'))).not.toHaveLength(0),
    );
    expect(autoLikeCalls(calls)).toBe(0);
    await router.navigate('/likes/given');
    await waitFor(() => expect(autoLikeCalls(calls)).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not there for visitors, who ask neither likes.php nor auto-like.php', async () => {
    const { calls } = renderAt('/', {}, null);
    await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(autoLikeCalls(calls)).toBe(0);
    expect(likesCalls(calls)).toBe(0);
  });

  it('tells a free member that someone liked them, without who, and leads to premium', async () => {
    const { user, router } = renderAt('/likes/given', {
      'GET /api/auto-like.php': () => jsonResponse(200, { profile: null, hidden_like: true }),
    });
    const modal = await screen.findByRole('dialog', { name: 'Je hebt een nieuwe like!' });
    expect(
      within(modal).getByText('Iemand vindt jou leuk. Word premium en zie wie het is.'),
    ).toBeInTheDocument();
    // nothing of a member: no photo button, no profile link
    expect(within(modal).queryByRole('button', { name: /Profielfoto/ })).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Word premium' }));
    expect(router.state.location.pathname).toBe('/premium');
    expect(screen.queryByRole('dialog', { name: 'Je hebt een nieuwe like!' })).toBeNull();
  });
});
