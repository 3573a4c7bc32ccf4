import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import type { EmailResponse, UserResponse } from '@app/contract';
import { userQueryKey } from '../../../api/user';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';

function renderCancel(path: string, cancel?: Responder) {
  const { calls } = mockFetch({
    'GET /api/user.php': () => jsonResponse(200, { user: null } satisfies UserResponse),
    ...(cancel ? { 'POST /api/mail-change-cancel.php': cancel } : {}),
  });
  const queryClient = seededQueryClient(userFixture);
  return { calls, ...renderRoutes(createRoutes(queryClient), { path, queryClient }) };
}

const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

describe('mail change cancel page', () => {
  it('explains what cancelling does and sends nothing until the button is clicked', async () => {
    const { calls } = renderCancel('/mail-change/cancel?token=tok1', () =>
      jsonResponse(200, { email: 'oud@example.com' } satisfies EmailResponse),
    );
    expect(
      await screen.findByRole('heading', { name: 'Wijziging van je e-mailadres annuleren' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Je wordt op al je apparaten uitgelogd, ook hier.')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Wijziging annuleren' }));
    await screen.findByRole('heading', { name: 'Wijziging geannuleerd' });
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/mail-change-cancel.php',
      body: { token: 'tok1' },
      headers: { 'X-Request-Type': 'client' },
    });
  });

  it('after cancelling says the address is back, every session ended and a new password is needed', async () => {
    const { calls, queryClient } = renderCancel('/mail-change/cancel?token=tok1', () =>
      jsonResponse(200, { email: 'oud@example.com' } satisfies EmailResponse),
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Wijziging annuleren' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'De wijziging is geannuleerd. Je e-mailadres is weer oud@example.com.',
    );
    expect(status).toHaveTextContent('Op al je apparaten ben je uitgelogd.');
    expect(screen.getByRole('heading', { name: 'Kies nu een nieuw wachtwoord' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nieuw wachtwoord kiezen' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    // logged out on the server: the page forgets the member and asks again
    expect(queryClient.getQueryData<UserResponse>(userQueryKey)).toEqual({ user: null });
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'GET' && call.url === '/api/user.php')).toBe(
        true,
      ),
    );
  });

  it("shows the server's message and a way to log in when the link has expired or was used", async () => {
    renderCancel('/mail-change/cancel?token=oud', () =>
      jsonResponse(400, {
        error: 'link_invalid',
        message: 'Deze link is verlopen of al gebruikt.',
      }),
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze link is verlopen of al gebruikt.',
    );
    expect(screen.getByRole('heading', { name: 'Annuleren mislukt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Wijziging annuleren' })).not.toBeInTheDocument();
  });

  it('calls a link without a token incomplete without asking the server', async () => {
    const { calls } = renderCancel('/mail-change/cancel');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is onvolledig.');
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/login');
    expect(posts(calls)).toHaveLength(0);
  });

  it('keeps the button for another try when the server fails', async () => {
    let attempts = 0;
    renderCancel('/mail-change/cancel?token=tok1', () => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(500, { error: 'internal', message: '' })
        : jsonResponse(200, { email: 'oud@example.com' } satisfies EmailResponse);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
    await user.click(screen.getByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByRole('heading', { name: 'Wijziging geannuleerd' })).toBeVisible();
    expect(attempts).toBe(2);
  });
});
