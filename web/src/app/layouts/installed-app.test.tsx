import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopNav } from './TopNav';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { userFixture } from '../../test/fixtures';
import { jsonResponse, mockFetch, mockMediaQueries } from '../../test/http';

/** The page runs as an installed app (display-mode standalone) or in a browser tab. */
function mockDisplayMode(standalone: boolean) {
  mockMediaQueries((query) => standalone && query === '(display-mode: standalone)');
}

describe('installed-app mode (SPEC point 2: the back button)', () => {
  beforeEach(() => {
    mockFetch({
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
  });

  it.each(['/members/12', '/members', '/likes', '/likes/received', '/credits', '/credits/3/ideal'])(
    'shows a back button on %s in the installed app',
    async (path) => {
      mockDisplayMode(true);
      renderRoutes(<TopNav />, { path, queryClient: seededQueryClient(userFixture) });
      const nav = await screen.findByRole('navigation');
      expect(within(nav).getByRole('button', { name: 'Terug' })).toBeVisible();
    },
  );

  it.each(['/chats', '/profile', '/notifications', '/premium'])(
    'shows no back button on %s, which is not a member, likes or credits page',
    async (path) => {
      mockDisplayMode(true);
      renderRoutes(<TopNav />, { path, queryClient: seededQueryClient(userFixture) });
      const nav = await screen.findByRole('navigation');
      expect(within(nav).queryByRole('button', { name: 'Terug' })).not.toBeInTheDocument();
    },
  );

  it('shows no back button in a browser tab, where the browser has its own', async () => {
    mockDisplayMode(false);
    renderRoutes(<TopNav />, { path: '/members/12', queryClient: seededQueryClient(userFixture) });
    const nav = await screen.findByRole('navigation');
    expect(within(nav).queryByRole('button', { name: 'Terug' })).not.toBeInTheDocument();
  });

  it('goes back to the previous page when the back button is pressed', async () => {
    mockDisplayMode(true);
    const { router } = renderRoutes(
      [
        { path: '/members', element: <TopNav /> },
        { path: '/members/:id', element: <TopNav /> },
      ],
      { path: '/members', queryClient: seededQueryClient(userFixture) },
    );
    await act(() => router.navigate('/members/12'));
    await userEvent.click(await screen.findByRole('button', { name: 'Terug' }));
    expect(router.state.location.pathname).toBe('/members');
  });
});
