import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LikesResponse, ProfileCard } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';
import { AUTO_LIKE_SESSION_KEY } from '../components/MatchModal';
import { likeLists } from './LikesPages';

const card = (id: number, name: string, extra: Partial<ProfileCard> = {}): ProfileCard => ({
  ...profileCardFixture,
  id,
  name,
  fictional: false,
  verified: false,
  ...extra,
});

const anna = card(1, 'Anna');
const bram = card(2, 'Bram', { fictional: true });
const cees = card(3, 'Cees');
const dirk = card(4, 'Dirk');

/** Given: Dirk, Anna; received: Cees (new), Bram (new), Anna (seen): Anna is a match. */
const likesData: LikesResponse = {
  profiles: [anna, bram, cees, dirk],
  likes: [
    { id: 4, created_at: '2026-11-20T10:00:00.000Z' },
    { id: 1, created_at: '2026-11-19T10:00:00.000Z' },
  ],
  liked_by: [
    { id: 3, like_new: true, created_at: '2026-11-21T10:00:00.000Z' },
    { id: 2, like_new: true, created_at: '2026-11-18T10:00:00.000Z' },
    { id: 1, like_new: false, created_at: '2026-11-22T10:00:00.000Z' },
  ],
  new_likes: 2,
  likers_shown: true,
};

const emptyLikes: LikesResponse = {
  profiles: [],
  likes: [],
  liked_by: [],
  new_likes: 0,
  likers_shown: false,
};

/**
 * A free member's likes while the site keeps likers for premium: Anna (a match) is named, two
 * others only as likes without an id, and no card of theirs.
 */
const freeLikes: LikesResponse = {
  profiles: [anna],
  likes: [{ id: 1, created_at: '2026-11-19T10:00:00.000Z' }],
  liked_by: [
    { id: null, like_new: true, created_at: '2026-11-23T10:00:00.000Z' },
    { id: 1, like_new: false, created_at: '2026-11-22T10:00:00.000Z' },
    { id: null, like_new: false, created_at: '2026-11-21T10:00:00.000Z' },
  ],
  new_likes: 1,
  likers_shown: false,
};

function renderLikes(path: string, routes: Record<string, Responder>) {
  // the auto-like modal is not what these tests look at
  sessionStorage.setItem(AUTO_LIKE_SESSION_KEY, '1');
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(userFixture);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

/** The names on the cards, in their order. */
const cardNames = () =>
  screen.getAllByTestId('member-card').map((el) => el.querySelector('.fw-bold')?.textContent);

describe('the likes pages', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the received likes on /likes, new ones first with a "new" badge, with counts per tab', async () => {
    renderLikes('/likes', { 'GET /api/likes.php': () => jsonResponse(200, likesData) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Likes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(3));
    expect(cardNames()).toEqual(['Cees', 'Bram', 'Anna']);
    const [ceesCard, bramCard, annaCard] = screen.getAllByTestId('member-card');
    expect(within(ceesCard).getByText('Nieuw')).toBeInTheDocument();
    expect(within(bramCard).getByText('Nieuw')).toBeInTheDocument();
    expect(within(annaCard).queryByText('Nieuw')).toBeNull();
    // a chat pal keeps its label
    expect(within(bramCard).getByTestId('fictional-badge')).toBeInTheDocument();
    // cards open the profile under /likes
    expect(ceesCard).toHaveAttribute('href', '/likes/m/3');

    const tabs = screen.getByRole('navigation', { name: 'Soorten likes' });
    expect(within(tabs).getByRole('link', { name: /Gegeven\s*2/ })).toHaveAttribute(
      'href',
      '/likes/given',
    );
    expect(within(tabs).getByRole('link', { name: /Ontvangen\s*3\s*2 nieuw/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: /Matches\s*1/ })).toBeInTheDocument();
  });

  it('lists given likes newest first without badges, and matches as members in both lists', async () => {
    const { user } = renderLikes('/likes/given', {
      'GET /api/likes.php': () => jsonResponse(200, likesData),
    });
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(2));
    expect(cardNames()).toEqual(['Dirk', 'Anna']);
    expect(screen.queryByText('Nieuw')).toBeNull();

    await user.click(screen.getByRole('link', { name: /Matches/ }));
    await waitFor(() => expect(cardNames()).toEqual(['Anna']));
    expect(screen.getByRole('link', { name: /Matches/ })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an empty state with a link to the members when a list is empty', async () => {
    renderLikes('/likes/matches', { 'GET /api/likes.php': () => jsonResponse(200, emptyLikes) });
    expect(await screen.findByRole('heading', { name: 'Nog geen matches' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Leden zoeken' })).toHaveAttribute(
      'href',
      '/members',
    );
    expect(screen.queryByTestId('member-card')).toBeNull();
  });

  it('shows the 404 page for an unknown kind of likes', async () => {
    renderLikes('/likes/everyone', { 'GET /api/likes.php': () => jsonResponse(200, likesData) });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Soorten likes' })).toBeNull();
  });

  it('shows a loading state, then an error with a retry that loads the likes', async () => {
    let fail = true;
    const { user } = renderLikes('/likes/received', {
      'GET /api/likes.php': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'Er is een fout opgetreden.' })
          : jsonResponse(200, likesData),
    });
    expect(await screen.findByLabelText('Likes laden…')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Je likes konden niet worden geladen.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(3));
    expect(screen.queryByText('Je likes konden niet worden geladen.')).toBeNull();
  });

  it('shows a free member the count and blurred cards of likers they may not see, with the way to premium, and their matches by name', async () => {
    renderLikes('/likes', { 'GET /api/likes.php': () => jsonResponse(200, freeLikes) });
    await waitFor(() => expect(screen.getAllByTestId('like-blurred')).toHaveLength(2));
    // in the received order: the new hidden like, the match, the older hidden like
    const items = screen.getAllByRole('listitem').filter((li) => li.closest('main'));
    const order = items
      .map((li) => (within(li).queryByTestId('like-blurred') ? 'hidden' : li.textContent))
      .filter((text) => text === 'hidden' || text?.includes('Anna'));
    expect(order).toEqual(['hidden', expect.stringContaining('Anna'), 'hidden']);
    const [fresh, older] = screen.getAllByTestId('like-blurred');
    expect(within(fresh).getByText('Nieuw')).toBeInTheDocument();
    expect(within(fresh).getByText('Verborgen like')).toBeInTheDocument();
    expect(within(older).queryByText('Nieuw')).toBeNull();
    // a blurred card opens nothing: no link, no name
    expect(within(fresh).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('likes-hidden-count')).toHaveTextContent('Verborgen likes: 2');
    expect(
      within(screen.getByTestId('likes-premium')).getByRole('link', { name: 'Word premium' }),
    ).toHaveAttribute('href', '/premium');
    // the match is named, and counted among the matches
    expect(cardNames()).toEqual(['Anna']);
    const tabs = screen.getByRole('navigation', { name: 'Soorten likes' });
    expect(within(tabs).getByRole('link', { name: /Ontvangen\s*3\s*1 nieuw/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: /Matches\s*1/ })).toBeInTheDocument();
  });

  it('shows a premium member every liker by name, without blurred cards or the way to premium', async () => {
    renderLikes('/likes/received', { 'GET /api/likes.php': () => jsonResponse(200, likesData) });
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(3));
    expect(screen.queryByTestId('like-blurred')).toBeNull();
    expect(screen.queryByTestId('likes-premium')).toBeNull();
  });

  it('keeps blurred likes out of the matches and the given likes', () => {
    const lists = likeLists(freeLikes);
    expect(lists.received.map((entry) => entry.member?.name ?? null)).toEqual([null, 'Anna', null]);
    expect(lists.matches.map((entry) => entry.member?.name)).toEqual(['Anna']);
    expect(lists.given.map((entry) => entry.member?.name)).toEqual(['Anna']);
  });
});
