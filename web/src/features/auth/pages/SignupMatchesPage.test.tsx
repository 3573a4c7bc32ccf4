import { screen, waitFor, within } from '@testing-library/react';
import { createRoutes } from '../../../app/router';
import type { ProfileCard, SignupMatchesResponse, User, UserResponse } from '@app/contract';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { settingsFixture, userFixture } from '../../../test/fixtures';

const card = (over: Partial<ProfileCard>): ProfileCard => ({
  id: 1,
  name: 'Sanne',
  age: 27,
  gender: 'female',
  country: 'NL',
  region: 'Utrecht',
  city: 'Utrecht',
  fictional: false,
  verified: false,
  online: false,
  main_image: null,
  ...over,
});

function renderMatches(user: User = userFixture) {
  const queryClient = seededQueryClient(user);
  return renderRoutes(createRoutes(queryClient), { path: '/signup-matches', queryClient });
}

describe('/signup-matches', () => {
  it('shows the matches as cards, and labels a chat pal as fictional with the warning', async () => {
    mockFetch({
      'GET /api/signup-matches.php': () =>
        jsonResponse(200, {
          profiles: [card({ id: 1 }), card({ id: 2, name: 'Mila', fictional: true, city: null })],
        } satisfies SignupMatchesResponse),
    });
    renderMatches();
    const cards = await screen.findAllByTestId('member-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/members/1');
    expect(within(cards[0]).getByText('27 jaar')).toBeInTheDocument();
    expect(within(cards[0]).queryByTestId('fictional-badge')).toBeNull();
    expect(within(cards[1]).getByTestId('fictional-badge')).toHaveTextContent('chatmaatje');
    // no city: the region is shown instead
    expect(within(cards[1]).getByText('Utrecht')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(settingsFixture.fictional_warning);
  });

  it('tells an unconfirmed member to confirm the e-mail address first', async () => {
    mockFetch({
      'GET /api/signup-matches.php': () =>
        jsonResponse(200, { profiles: [] } satisfies SignupMatchesResponse),
    });
    renderMatches({ ...userFixture, status: 'not_confirmed' });
    expect(await screen.findByText(/Bevestig eerst je e-mailadres/)).toBeInTheDocument();
    expect(await screen.findByText(/nog geen matches/)).toBeInTheDocument();
  });

  it('offers to try again when the matches cannot be loaded', async () => {
    let fail = true;
    mockFetch({
      'GET /api/signup-matches.php': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'x' })
          : jsonResponse(200, { profiles: [card({})] } satisfies SignupMatchesResponse),
    });
    renderMatches();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je matches konden niet worden geladen.');
    fail = false;
    within(alert).getByRole('button', { name: 'Opnieuw proberen' }).click();
    expect(await screen.findByTestId('member-card')).toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    mockFetch({
      'GET /api/user.php': () => jsonResponse(200, { user: null } satisfies UserResponse),
    });
    const queryClient = seededQueryClient(null);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: '/signup-matches',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
