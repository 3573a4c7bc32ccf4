import { screen, waitFor, within } from '@testing-library/react';
import type { LikesResponse } from '@app/contract';
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

  const likesWithNew = (count: number): LikesResponse => ({
    profiles: [],
    likes: [],
    liked_by: [],
    new_likes: count,
  });

  it('shows the new likes from likes.php as a badge on the Likes entry', async () => {
    const { calls } = mockFetch({
      'GET /api/likes.php': () => jsonResponse(200, likesWithNew(3)),
    });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const likes = await screen.findByRole('link', { name: /Likes 3 3 nieuwe likes/ });
    expect(likes).toHaveAttribute('href', '/likes');
    expect(calls.filter((call) => call.url.startsWith('/api/likes.php'))).toHaveLength(1);
  });

  it('shows 99+ above 99 new likes', async () => {
    mockFetch({ 'GET /api/likes.php': () => jsonResponse(200, likesWithNew(150)) });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    expect(await screen.findByRole('link', { name: /Likes 99\+ 150 nieuwe likes/ })).toBeVisible();
  });

  it('shows no likes badge without new likes', async () => {
    mockFetch({ 'GET /api/likes.php': () => jsonResponse(200, likesWithNew(0)) });
    const queryClient = seededQueryClient(userFixture);
    renderRoutes(<TopNav />, { queryClient });
    await waitFor(() => expect(queryClient.getQueryData(['likes'])).toEqual(likesWithNew(0)));
    const likes = screen.getByRole('link', { name: /Likes/ });
    expect(likes.querySelector('.nav-badge')).toBeNull();
  });

  it('does not ask likes.php for visitors', async () => {
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
