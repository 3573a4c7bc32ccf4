import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';

const PRIVACY_CHANGED: ConsentsResponse = {
  pending: [{ document: 'privacy', version: '2026-11-29', accepted_version: '2023-12-01' }],
  partner_sharing: false,
  partner_sharing_offered: false,
};
const NONE_PENDING: ConsentsResponse = { ...PRIVACY_CHANGED, pending: [] };

function render(path: string, pending: ('terms' | 'privacy')[], routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient({ ...userFixture, pending_consents: pending });
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

describe('the re-acceptance screen', () => {
  it('stands in place of the page after a new version, with what changed, until the member accepts it', async () => {
    const { user, calls } = render('/account', ['privacy'], {
      'GET /api/consents.php': () => jsonResponse(200, PRIVACY_CHANGED),
      'POST /api/consents.php': () => jsonResponse(200, NONE_PENDING),
    });
    expect(
      await screen.findByRole('heading', { name: 'Voordat je verdergaat' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instellingen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Privacybeleid' })).toBeInTheDocument();
    expect(screen.getByText('Versie van 29 november 2026')).toBeInTheDocument();
    expect(
      screen.getByText(
        /We leggen nu vast met welke versie van de voorwaarden en het privacybeleid/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Lees de volledige tekst (opent in een nieuw tabblad)' }),
    ).toHaveAttribute('href', '/privacy');

    // not without the tick
    await user.click(screen.getByRole('button', { name: 'Akkoord en verder' }));
    expect(await screen.findByText('Vink het vakje aan om verder te gaan.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /gelezen en ga ermee akkoord/ }));
    await user.click(screen.getByRole('button', { name: 'Akkoord en verder' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      accept: [{ document: 'privacy', version: '2026-11-29' }],
    });
    // accepted: the page itself
    expect(await screen.findByRole('heading', { name: 'Instellingen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Voordat je verdergaat' })).toBeNull();
  }, 30_000);

  it('asks a member with nothing on record to accept both documents', async () => {
    render('/account', ['terms', 'privacy'], {
      'GET /api/consents.php': () =>
        jsonResponse(200, {
          ...NONE_PENDING,
          pending: [
            { document: 'terms', version: '2023-12-01', accepted_version: null },
            { document: 'privacy', version: '2026-11-29', accepted_version: null },
          ],
        }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Algemene voorwaarden' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacybeleid' })).toBeInTheDocument();
    expect(
      screen.getAllByText('We hebben nog niet vastgelegd met welke versie je akkoord ging.'),
    ).toHaveLength(2);
  }, 30_000);

  it('is not shown while nothing is pending', async () => {
    const { calls } = render('/account', [], {
      'GET /api/consents.php': () => jsonResponse(200, NONE_PENDING),
    });
    expect(
      await screen.findByRole('heading', { name: 'Instellingen' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Voordat je verdergaat' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);
});

describe('the partner-sharing opt-in on the account page', () => {
  it('is off by default and switched on and off again by the member, while the site shares', async () => {
    let sharing = false;
    const { user, calls } = render('/account', [], {
      'GET /api/consents.php': () =>
        jsonResponse(200, { ...NONE_PENDING, partner_sharing_offered: true }),
      'PUT /api/partner-sharing.php': (call) => {
        sharing = (call.body as { enabled: boolean }).enabled;
        return jsonResponse(200, {
          ...NONE_PENDING,
          partner_sharing_offered: true,
          partner_sharing: sharing,
        });
      },
    });
    const toggle = await screen.findByRole(
      'switch',
      { name: 'Mijn profiel delen met partnersites' },
      { timeout: 10_000 },
    );
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await screen.findByText('Je keuze is opgeslagen.')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { enabled: true },
      { enabled: false },
    ]);
  }, 30_000);

  it('is not offered while the site does not share with partner sites', async () => {
    render('/account', [], {
      'GET /api/consents.php': () => jsonResponse(200, NONE_PENDING),
    });
    expect(
      await screen.findByRole('heading', { name: 'Instellingen' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Delen met partnersites')).toBeNull());
    expect(screen.queryByRole('switch', { name: /partnersites/ })).toBeNull();
  }, 30_000);
});
