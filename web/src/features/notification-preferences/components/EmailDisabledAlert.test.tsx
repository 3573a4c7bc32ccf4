import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { userQueryKey } from '../../../api/user';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';

const TITLE = 'We sturen je geen e-mails meer';

function renderWith(reasons: User['notifications_disabled']) {
  const queryClient = seededQueryClient({ ...userFixture, notifications_disabled: reasons });
  const rendered = renderRoutes(createRoutes(queryClient), { path: '/premium', queryClient });
  return { ...rendered, user: userEvent.setup() };
}

describe('the disabled e-mail notifications alert', () => {
  beforeEach(() => window.localStorage.clear());

  it('is not shown while e-mail reaches the member', async () => {
    mockFetch({});
    renderWith([]);
    expect(await screen.findByRole('main', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
  });

  it('explains each reason: marked as spam, bounced, unsubscribed through the mail client', async () => {
    mockFetch({});
    renderWith(['fbl', 'bounce', 'listunsubscribe']);
    const alert = within(await screen.findByRole('region', { name: TITLE }, { timeout: 5000 }));
    expect(alert.getByText('Een e-mail van ons is als spam gemarkeerd.')).toBeVisible();
    expect(alert.getByText('Een e-mail aan je adres kwam niet aan (gebounced).')).toBeVisible();
    expect(alert.getByText('Je hebt je afgemeld via je e-mailprogramma.')).toBeVisible();
  });

  it('turns e-mail on again and disappears once the refreshed user has no reason left', async () => {
    const { calls } = mockFetch({
      'POST /api/notifications.php': () =>
        jsonResponse(200, { preferences: {}, notifications_disabled: [] }),
      'GET /api/user.php': () => jsonResponse(200, { user: userFixture }),
    });
    const { user, queryClient } = renderWith(['listunsubscribe']);
    const alert = within(await screen.findByRole('region', { name: TITLE }, { timeout: 5000 }));
    await user.click(alert.getByRole('button', { name: 'E-mails weer aanzetten' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument(),
    );
    expect(
      calls
        .map((call) => `${call.method} ${call.url}`)
        .filter((call) => /notifications|user/.test(call)),
    ).toEqual(['POST /api/notifications.php?enable_email=1', 'GET /api/user.php']);
    expect(queryClient.getQueryData(userQueryKey)?.user?.notifications_disabled).toEqual([]);
  });

  it('stays dismissed after a reload, but a new reason is told again', async () => {
    mockFetch({});
    const first = renderWith(['bounce']);
    await first.user.click(
      within(await screen.findByRole('region', { name: TITLE }, { timeout: 5000 })).getByRole(
        'button',
        {
          name: 'Melding sluiten',
        },
      ),
    );
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    first.unmount();

    const again = renderWith(['bounce']);
    expect(await screen.findByRole('main', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    again.unmount();

    renderWith(['bounce', 'fbl']);
    expect(
      await screen.findByRole('region', { name: TITLE }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
