import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoostStatusResponse, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { userQueryKey } from '../../../api/user';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';

const status = (over: Partial<BoostStatusResponse> = {}): BoostStatusResponse => ({
  boost: null,
  price: 50,
  minutes: 30,
  credits: 80,
  premium: false,
  free_available: false,
  next_free_at: null,
  region: 'Utrecht',
  blocker: null,
  ...over,
});

const soon = () => new Date(Date.now() + 27 * 60_000 + 30_000).toISOString();
const bought = (free = false) => ({
  id: 9,
  started_at: new Date().toISOString(),
  ends_at: soon(),
  credits: free ? 0 : 50,
  free,
});

function renderPage(routes: Record<string, Responder>, user: User = userFixture) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(user);
  const rendered = renderRoutes(createRoutes(queryClient), { path: '/boost', queryClient });
  return { ...fetch, ...rendered, queryClient, user: userEvent.setup() };
}

/** The page's heading; the first render loads the page's chunk, slow on a busy machine. */
const heading = () =>
  screen.findByRole('heading', { level: 1, name: /Boost je profiel/ }, { timeout: 5000 });

describe('the boost page', () => {
  it('buys a boost with one key, shows it running with the minutes left, and the new balance', async () => {
    let state = status();
    const { calls, user, queryClient } = renderPage({
      'GET /api/boost.php': () => jsonResponse(200, state),
      'POST /api/boost.php': () => {
        state = status({ boost: bought(), credits: 30 });
        return jsonResponse(201, { boost: state.boost, credits: 30 });
      },
    });
    await heading();
    expect(await screen.findByText('Een boost kost 50 credits. Je hebt 80 credits.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Boost voor 50 credits' }));
    expect(await screen.findByText('Je boost loopt')).toBeVisible();
    expect(screen.getByTestId('boost-left')).toHaveTextContent(/^Nog 28 min\., tot \d{2}:\d{2}$/);
    expect(
      screen.getByText('Leden die in Utrecht zoeken, zien je nu bovenaan, met het label Boost.'),
    ).toBeVisible();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0].headers['X-Request-Type']).toBe('client');
    const cached = queryClient.getQueryData<{ user: User }>(userQueryKey);
    expect(cached?.user.credits).toBe(30);
  });

  it('sends the same key again after a failed press, and a new one after a success', async () => {
    let answers = [
      () => jsonResponse(409, { error: 'idempotency_in_progress', message: 'Nog bezig.' }),
    ];
    const { calls, user } = renderPage({
      'GET /api/boost.php': () => jsonResponse(200, status()),
      'POST /api/boost.php': () =>
        answers.shift()?.() ?? jsonResponse(201, { boost: bought(), credits: 30 }),
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Boost voor 50 credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nog bezig.');
    answers = [];
    await user.click(screen.getByRole('button', { name: 'Boost voor 50 credits' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
  });

  it('offers a premium member the free boost of the week, without credits', async () => {
    let state = status({ premium: true, free_available: true, credits: 0 });
    const { calls, user } = renderPage({
      'GET /api/boost.php': () => jsonResponse(200, state),
      'POST /api/boost.php': () => {
        state = status({ premium: true, boost: bought(true), credits: 0 });
        return jsonResponse(201, { boost: state.boost, credits: 0 });
      },
    });
    await heading();
    expect(await screen.findByText('Je gratis boost van deze week staat klaar')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Word premium' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Gratis boosten' }));
    expect(await screen.findByText('Je boost loopt')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('tells a premium member who used the free boost when the next one comes', async () => {
    renderPage({
      'GET /api/boost.php': () =>
        jsonResponse(
          200,
          status({ premium: true, next_free_at: '2026-12-03T10:00:00.000Z', credits: 100 }),
        ),
    });
    await heading();
    expect(await screen.findByTestId('boost-next-free')).toHaveTextContent(
      /^Je volgende gratis boost: .*3 december/,
    );
    expect(screen.getByRole('button', { name: 'Boost voor 50 credits' })).toBeEnabled();
  });

  it('sends a member with too few credits to the shop, and a free member to premium', async () => {
    renderPage({ 'GET /api/boost.php': () => jsonResponse(200, status({ credits: 20 })) });
    await heading();
    expect(
      await screen.findByText('Een boost kost 50 credits en je hebt er 20: je komt er 30 tekort.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
    expect(screen.queryByRole('button', { name: /Boost voor/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
  });

  it('names what stands in the way: no region, or a profile search does not show', async () => {
    renderPage({
      'GET /api/boost.php': () => jsonResponse(200, status({ blocker: 'no_region', region: null })),
    });
    await heading();
    expect(await screen.findByTestId('boost-blocked')).toHaveTextContent(
      /Kies eerst je provincie of regio/,
    );
    expect(screen.getByRole('link', { name: 'Naar mijn profiel' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: /boost/i })).toBeNull();
  });

  it('shows the way to the shop when the server finds too few credits after all', async () => {
    renderPage({
      'GET /api/boost.php': () => jsonResponse(200, status()),
      'POST /api/boost.php': () =>
        jsonResponse(402, { error: 'insufficient_credits', message: 'Niet genoeg credits.' }),
    });
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Boost voor 50 credits' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Niet genoeg credits.');
    expect(
      screen.getAllByRole('link', { name: 'Credits kopen' }).some((link) => alert.contains(link)),
    ).toBe(true);
  });

  it('says so when the boost cannot be loaded, with a retry', async () => {
    let fail = true;
    renderPage({
      'GET /api/boost.php': () =>
        fail
          ? jsonResponse(404, { error: 'not_found', message: 'Weg.' })
          : jsonResponse(200, status()),
    });
    await heading();
    expect(await screen.findByText('Je boost kon niet worden geladen.')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('button', { name: 'Boost voor 50 credits' })).toBeVisible();
  });
});
