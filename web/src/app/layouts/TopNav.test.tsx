import { screen, within } from '@testing-library/react';
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

  it('caps badge counts at 99+', () => {
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});
