import { screen, waitFor } from '@testing-library/react';
import type { MemberResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { memberProfileFixture, settingsFixture, userFixture } from '../../../test/fixtures';

const mila = memberProfileFixture;

describe('/members/{id}/signup', () => {
  it("shows the member's card, marked fictional with the warning, beside the signup form", async () => {
    const { calls } = mockFetch({
      'GET /api/member.php': () =>
        jsonResponse(200, { profile: mila, related: [] } satisfies MemberResponse),
    });
    renderRoutes(createRoutes(seededQueryClient(null)), { path: '/members/7/signup' });
    // the first look waits for the lazily loaded page module (slow on a busy machine)
    expect(
      await screen.findByRole('heading', { name: 'Maak kennis met Mila' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('29 jaar')).toBeInTheDocument();
    expect(screen.getByText('Haarlem')).toBeInTheDocument();
    expect(screen.getByTestId('fictional-badge')).toHaveTextContent('chatmaatje');
    expect(screen.getAllByText(settingsFixture.fictional_warning).length).toBeGreaterThan(0);
    expect(screen.getByRole('group', { name: 'Ik ben een' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('member.php'))?.url).toContain('id=7');
  });

  it('still offers signup when the member is not available', async () => {
    mockFetch({
      'GET /api/member.php': () => jsonResponse(404, { error: 'not_found', message: 'x' }),
    });
    renderRoutes(createRoutes(seededQueryClient(null)), { path: '/members/8/signup' });
    expect(await screen.findByText(/niet \(meer\) beschikbaar/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ik ben een' })).toBeInTheDocument();
  });

  it('sends a logged-in member to the profile itself', async () => {
    mockFetch({});
    const queryClient = seededQueryClient(userFixture);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: '/members/7/signup',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/7'));
  });
});
