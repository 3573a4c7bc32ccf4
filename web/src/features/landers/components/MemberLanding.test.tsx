import { screen } from '@testing-library/react';
import { createRoutes } from '../../../app/router';
import { seedPublicQueries } from '../../../public/seed';
import { createQueryClient } from '../../../api/query-client';
import { renderRoutes } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { companyInfoResponseFixture, settingsResponseFixture } from '../../../test/fixtures';

describe('a member landing', () => {
  it('asks for its members when the server sent the page without them (the visitor card limit), and shows the load error with a retry on the 429', async () => {
    const { calls } = mockFetch({
      'GET /api/landers.php': () =>
        new Response(
          JSON.stringify({
            error: 'rate_limited',
            message: 'Te veel verzoeken, probeer het zo nog eens.',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1800' } },
        ),
      'POST /api/page-hidden.php': () => jsonResponse(204, {}),
    });
    // the public entry's query cache for a page rendered past the limit: no landers answer
    const queryClient = createQueryClient();
    seedPublicQueries(queryClient, settingsResponseFixture, {
      landers: null,
      company: companyInfoResponseFixture,
      packages: null,
      results: null,
    });
    renderRoutes(createRoutes(queryClient), { path: '/members/5/landing', queryClient });

    const error = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(error).toHaveTextContent('De leden konden niet worden geladen.');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
    // the page's own call for its members, the one the server refused
    const asked = calls.filter((call) => call.url.startsWith('/api/landers.php'));
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) expect(call.url).toMatch(/[?&]member=5(&|$)/);
  });
});
