import { screen, waitFor } from '@testing-library/react';
import type { ProfileCard, VisitorsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';

const card = (id: number, name: string): ProfileCard => ({
  ...profileCardFixture,
  id,
  name,
  fictional: false,
  verified: false,
});

const base = {
  page: 1,
  pages: 1,
  retention_days: 30,
  browse_unseen: false,
} satisfies Partial<VisitorsResponse>;

function renderVisitors(answer: VisitorsResponse, paid: boolean) {
  mockFetch({
    'GET /api/visitors.php': () => jsonResponse(200, answer),
    'GET /api/favourites.php': () => jsonResponse(200, { ids: [], profiles: [] }),
    // the new-like modal is not what these tests look at
    'GET /api/auto-like.php': () => jsonResponse(200, { profile: null }),
  });
  const queryClient = seededQueryClient({ ...userFixture, paid_user: paid });
  renderRoutes(createRoutes(queryClient), { path: '/visitors', queryClient });
}

describe('the visitors page', () => {
  it('shows a free member the count and a blurred card per visitor, with the way to premium', async () => {
    renderVisitors(
      {
        ...base,
        total: 2,
        premium: false,
        visitors: [
          { visited_at: '2026-11-28T10:00:00.000Z', profile: null },
          { visited_at: '2026-11-27T10:00:00.000Z', profile: null },
        ],
      },
      false,
    );
    expect(await screen.findByText('Aantal bezoekers: 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('visitor-blurred')).toHaveLength(2);
    expect(screen.queryAllByTestId('member-card')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
  });

  it('shows a premium member who visited, newest first, each with a star', async () => {
    renderVisitors(
      {
        ...base,
        total: 2,
        premium: true,
        visitors: [
          { visited_at: '2026-11-28T10:00:00.000Z', profile: card(7, 'Tom') },
          { visited_at: '2026-11-27T10:00:00.000Z', profile: card(8, 'Erik') },
        ],
      },
      true,
    );
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(2));
    expect(
      screen.getAllByTestId('member-card').map((el) => el.querySelector('.fw-bold')?.textContent),
    ).toEqual(['Tom', 'Erik']);
    expect(screen.queryAllByTestId('visitor-blurred')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tom aan je favorieten toevoegen' })).toBeEnabled(),
    );
  });

  it('says so when nobody visited yet', async () => {
    renderVisitors({ ...base, total: 0, premium: false, visitors: [] }, false);
    expect(await screen.findByRole('heading', { name: 'Nog geen bezoekers' })).toBeInTheDocument();
  });
});
