import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { userQueryKey } from '../../../api/user';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';

const here = {
  id: '7c1b6a52-3f7e-4b55-9d0a-3c2f4b1e8a01',
  browser: 'Firefox 133',
  os: 'Linux',
  device: '',
  country: 'NL',
  created_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: '2026-11-26T08:30:00.000Z',
  current: true,
};
const phone = {
  id: '0e9d1c3b-2a4f-4e6d-8b7a-5c4d3e2f1a00',
  browser: 'Mobile Safari 17',
  os: 'iOS 17.5',
  device: 'mobile',
  country: 'DE',
  created_at: '2026-11-21T09:00:00.000Z',
  last_seen_at: '2026-11-25T20:15:00.000Z',
  current: false,
};
const unknown = {
  ...phone,
  id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  browser: '',
  os: '',
  country: null,
};

function renderSettings(routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(userFixture);
  const rendered = renderRoutes(createRoutes(queryClient), { path: '/account', queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Waar je bent ingelogd' }, { timeout: 5000 }));

describe('the sessions list in the settings', () => {
  it('lists where the member is logged in: browser, system, country, last seen, this browser marked', async () => {
    renderSettings({
      'GET /api/sessions.php': () =>
        jsonResponse(200, { sessions: [here, phone, unknown] } satisfies SessionsResponse),
    });
    const list = await section();
    const mine = await list.findByRole('listitem', { name: 'Firefox 133 op Linux' });
    expect(mine).toHaveTextContent('Deze browser');
    expect(mine).toHaveTextContent('Nederland');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    const other = list.getByRole('listitem', { name: 'Mobile Safari 17 op iOS 17.5' });
    expect(other).toHaveTextContent('Duitsland');
    expect(other).toHaveTextContent(/laatst actief 25 nov\.? 2026/);
    expect(
      list.getByRole('listitem', { name: 'Onbekende browser op onbekend systeem' }),
    ).toHaveTextContent('Onbekende plaats');
  });

  it('logs out one other session and reads the list again', async () => {
    let sessions = [here, phone];
    const { calls, user } = renderSettings({
      'GET /api/sessions.php': () => jsonResponse(200, { sessions }),
      'DELETE /api/session.php': () => {
        sessions = [here];
        return jsonResponse(200, { ok: true });
      },
    });
    const list = await section();
    await user.click(
      await list.findByRole('button', { name: 'Mobile Safari 17 op iOS 17.5 uitloggen' }),
    );
    expect(await list.findByRole('status')).toHaveTextContent(
      'Mobile Safari 17 op iOS 17.5 is uitgelogd.',
    );
    await waitFor(() =>
      expect(list.queryByRole('listitem', { name: 'Mobile Safari 17 op iOS 17.5' })).toBeNull(),
    );
    const del = calls.find((call) => call.method === 'DELETE');
    expect(del?.body).toEqual({ session: phone.id });
  });

  it('shows the server’s refusal when a session cannot be logged out', async () => {
    const { user } = renderSettings({
      'GET /api/sessions.php': () => jsonResponse(200, { sessions: [here, phone] }),
      'DELETE /api/session.php': () =>
        jsonResponse(404, {
          error: 'session_not_found',
          message: 'Deze sessie bestaat niet (meer).',
        }),
    });
    const list = await section();
    await user.click(
      await list.findByRole('button', { name: 'Mobile Safari 17 op iOS 17.5 uitloggen' }),
    );
    expect(await list.findByText('Deze sessie bestaat niet (meer).')).toBeInTheDocument();
  });

  it('logs out everywhere only after confirmation, then goes to the login page logged out', async () => {
    const { calls, user, router, queryClient } = renderSettings({
      'GET /api/sessions.php': () => jsonResponse(200, { sessions: [here, phone] }),
      'DELETE /api/sessions.php': () => jsonResponse(200, { ok: true }),
    });
    const list = await section();
    await user.click(await list.findByRole('button', { name: 'Overal uitloggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overal uitloggen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(list.getByRole('button', { name: 'Overal uitloggen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Overal uitloggen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/sessions.php',
    ]);
    expect(queryClient.getQueryData(userQueryKey)).toEqual({ user: null });
  });

  it('says when the sessions cannot be loaded', async () => {
    renderSettings({
      'GET /api/sessions.php': () => jsonResponse(400, { error: 'forbidden', message: 'x' }),
    });
    const list = await section();
    expect(await list.findByRole('alert')).toHaveTextContent(
      'Je sessies konden niet worden geladen.',
    );
  });
});
