import { cleanup, screen, within } from '@testing-library/react';
import type { Settings } from '@app/contract';
import { settingsQueryKey } from '../../../api/settings';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { settingsFixture, settingsResponseFixture } from '../../../test/fixtures';
import { premiumUnlocks } from '../premium-unlocks';
import { PremiumPage, PricingPage } from './PremiumPages';

function renderWith(page: React.ReactElement, settings: Partial<Settings>) {
  mockFetch({ 'GET /api/packages.php': () => jsonResponse(200, { packages: [] }) });
  const queryClient = seededQueryClient();
  queryClient.setQueryData(settingsQueryKey, {
    ...settingsResponseFixture,
    settings: { ...settingsFixture, ...settings },
  });
  return renderRoutes(page, { queryClient });
}

describe('what premium unlocks, from the live settings', () => {
  it('names seeing likers and visitors as premium while free members see a count', () => {
    expect(
      premiumUnlocks({ free_members_see_likes: 'count', free_members_see_visitors: 'count' }),
    ).toEqual({ premium: ['credits.premium.likes', 'credits.premium.visitors'], free: [] });
    expect(
      premiumUnlocks({ free_members_see_likes: 'everything', free_members_see_visitors: 'count' }),
    ).toEqual({ premium: ['credits.premium.visitors'], free: ['credits.free.likes'] });
  });

  it('has the pricing page say so, and say what is free when an admin shows everyone', async () => {
    renderWith(<PricingPage />, {});
    const premium = await screen.findByTestId('pricing-premium');
    expect(
      within(premium).getByText('Zien wie jou leuk vindt (gratis leden zien alleen hoeveel)'),
    ).toBeInTheDocument();
    expect(
      within(premium).getByText('Zien wie je profiel bekeek (gratis leden zien alleen hoeveel)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('pricing-free')).toBeNull();
    cleanup();

    renderWith(<PricingPage />, {
      free_members_see_likes: 'everything',
      free_members_see_visitors: 'everything',
    });
    const changed = await screen.findByTestId('pricing-premium');
    expect(within(changed).queryByText(/Zien wie/)).toBeNull();
    expect(screen.getByTestId('pricing-free')).toHaveTextContent(
      'Wie jou leuk vindt, zie je ook als gratis lid. Wie je profiel bekeek, zie je ook als gratis lid.',
    );
  });

  it('lists them among the premium page’s benefits', async () => {
    renderWith(<PremiumPage />, { free_members_see_visitors: 'everything' });
    expect(
      await screen.findByText('Zien wie jou leuk vindt (gratis leden zien alleen hoeveel)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Zien wie je profiel bekeek/)).toBeNull();
  });
});
