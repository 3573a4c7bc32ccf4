import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatsResponse } from '@app/contract';
import { jsonResponse, mockFetch } from '../../test/http';
import { TopNav } from './TopNav';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { userFixture } from '../../test/fixtures';
import { formatBadgeCount } from '../../components/CountBadge';

describe('TopNav', () => {
  it('shows the brand name and a login button when logged out', async () => {
    renderRoutes(<TopNav />);
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: /Vonkje/ })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: /Berichten/ })).not.toBeInTheDocument();
  });

  it('shows the members menu when logged in', async () => {
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: /Leden zoeken/ })).toHaveAttribute(
      'href',
      '/members',
    );
    expect(within(nav).getByRole('link', { name: /Berichten/ })).toHaveAttribute('href', '/chats');
    expect(within(nav).getByRole('link', { name: /Likes/ })).toHaveAttribute('href', '/likes');
    expect(within(nav).getByRole('link', { name: /Credits/ })).toHaveAttribute('href', '/credits');
    // 5 credits: at or below the warning threshold of 10
    expect(within(nav).getByTestId('credits-badge')).toHaveClass('text-bg-warning');
    expect(within(nav).queryByRole('link', { name: 'Inloggen' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Account/ })).toBeInTheDocument();
  });

  it('leads from the account menu to the notification preferences and to the account settings', async () => {
    mockFetch({});
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const nav = await screen.findByRole('navigation');
    await userEvent.setup().click(within(nav).getByRole('button', { name: /Account/ }));
    expect(within(nav).getByRole('link', { name: 'Meldingen' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(nav).getByRole('link', { name: 'Instellingen' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('offers premium instead of credits to members who have not paid', async () => {
    renderRoutes(<TopNav />, {
      queryClient: seededQueryClient({ ...userFixture, paid_user: false, credits: 0 }),
    });
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: /Word premium/ })).toHaveAttribute(
      'href',
      '/premium',
    );
  });

  const chatsWith = (unread: number, newLikes: number): ChatsResponse => ({
    chats: [],
    unread_messages: unread,
    new_likes: newLikes,
  });

  it('marks the collapsed menu button with a dot, named for screen readers, while there are unread messages or new likes', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(2, 1)) });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const toggler = await screen.findByRole('button', {
      name: /^Menu openen of sluiten ?, 2 ongelezen berichten, 1 nieuwe like$/,
    });
    expect(within(toggler).getByTestId('menu-attention-dot')).toHaveClass('navbar-toggler-dot');
  });

  it('names only what there is on the menu button: new likes without unread messages', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(0, 4)) });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    expect(
      await screen.findByRole('button', { name: /^Menu openen of sluiten ?, 4 nieuwe likes$/ }),
    ).toBeInTheDocument();
  });

  it('shows no dot on the menu button when there is nothing unread or new', async () => {
    const { calls } = mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(0, 0)) });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    await waitFor(() => expect(calls).toHaveLength(1));
    const toggler = screen.getByRole('button', { name: 'Menu openen of sluiten' });
    expect(within(toggler).queryByTestId('menu-attention-dot')).toBeNull();
  });

  it('shows the unread messages and new likes of chats.php as badges, asking it once', async () => {
    const { calls } = mockFetch({
      'GET /api/chats.php': () => jsonResponse(200, chatsWith(4, 3)),
    });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const likes = await screen.findByRole('link', { name: /Likes 3 3 nieuwe likes/ });
    expect(likes).toHaveAttribute('href', '/likes');
    expect(screen.getByRole('link', { name: /Berichten 4 4 ongelezen berichten/ })).toHaveAttribute(
      'href',
      '/chats',
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/chats.php']);
  });

  it('shows 99+ above 99 unread messages or new likes', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(100, 150)) });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    expect(await screen.findByRole('link', { name: /Likes 99\+ 150 nieuwe likes/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Berichten 99\+ 100 ongelezen/ })).toBeVisible();
  });

  it('shows no badges without unread messages or new likes', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(0, 0)) });
    const queryClient = seededQueryClient(userFixture);
    renderRoutes(<TopNav />, { queryClient });
    await waitFor(() => expect(queryClient.getQueryData(['chats'])).toEqual(chatsWith(0, 0)));
    expect(screen.getByRole('link', { name: /Likes/ }).querySelector('.nav-badge')).toBeNull();
    expect(screen.getByRole('link', { name: /Berichten/ }).querySelector('.nav-badge')).toBeNull();
  });

  it('colours the credits badge: danger at 0, warning at 10 or fewer, plain above', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chatsWith(0, 0)) });
    for (const [credits, colour] of [
      [0, 'text-bg-danger'],
      [10, 'text-bg-warning'],
      [11, 'text-bg-light'],
    ] as const) {
      const { unmount } = renderRoutes(<TopNav />, {
        queryClient: seededQueryClient({ ...userFixture, credits }),
      });
      expect(await screen.findByTestId('credits-badge')).toHaveClass(colour);
      unmount();
    }
  });

  it('does not ask chats.php for visitors', async () => {
    const { calls } = mockFetch({});
    renderRoutes(<TopNav />);
    await screen.findByRole('link', { name: 'Inloggen' });
    expect(calls).toHaveLength(0);
  });

  it('caps badge counts at 99+', () => {
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});
