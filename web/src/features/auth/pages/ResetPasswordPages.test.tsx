import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';

function renderAt(path: string) {
  const queryClient = seededQueryClient();
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
}

describe('password reset pages', () => {
  it('shows the server message when the e-mail address is unknown', async () => {
    const { calls } = mockFetch({
      'POST /api/reset-password.php': () =>
        jsonResponse(404, { error: 'email_not_found', message: 'E-mailadres niet gevonden' }),
    });
    renderAt('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mailadres'), 'niemand@example.com');
    await user.click(screen.getByRole('button', { name: 'Herstellink versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mailadres niet gevonden');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'niemand@example.com' });
  });

  it('shows a check-your-mail state after the reset mail is sent', async () => {
    mockFetch({ 'POST /api/reset-password.php': () => jsonResponse(200, { ok: true }) });
    renderAt('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mailadres'), 'sanne@example.com');
    await user.click(screen.getByRole('button', { name: 'Herstellink versturen' }));
    expect(
      await screen.findByRole('heading', { name: 'Controleer je e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('sanne@example.com');
  });

  it('refuses two different new passwords without sending anything', async () => {
    const { calls } = mockFetch({});
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'geheim123');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'geheim124');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText('De opgegeven wachtwoorden zijn niet gelijk.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('sends the token and new password, then links to the login page', async () => {
    const { calls } = mockFetch({
      'POST /api/reset-password-do.php': () => jsonResponse(200, { ok: true }),
    });
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'geheim123');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('link', { name: 'Naar inloggen' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls[0].body).toEqual({
      token: 'abc',
      password: 'geheim123',
      password_repeat: 'geheim123',
    });
  });

  it('shows the invalid-link message with a way to request a new mail', async () => {
    mockFetch({
      'POST /api/reset-password-do.php': () =>
        jsonResponse(400, {
          error: 'reset_link_invalid',
          message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
        }),
    });
    renderAt('/reset-password/do?token=oud');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'geheim123');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    );
    expect(screen.getByRole('link', { name: 'Nieuwe e-mail aanvragen' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});

describe('mail change confirmation page', () => {
  it('posts the token once on load and shows the new address', async () => {
    const { calls } = mockFetch({
      'POST /api/mail-change-do.php': () => jsonResponse(200, { email: 'nieuw@example.com' }),
    });
    renderAt('/mail-change/do?token=tok1');
    expect(
      await screen.findByText('Je e-mailadres is gewijzigd in nieuw@example.com.'),
    ).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ token: 'tok1' });
  });

  it('shows the server message when the confirmation link is invalid', async () => {
    mockFetch({
      'POST /api/mail-change-do.php': () =>
        jsonResponse(400, {
          error: 'reset_link_invalid',
          message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan',
        }),
    });
    renderAt('/mail-change/do?token=oud');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link verlopen of invalide, vraag een nieuwe e-mail aan',
    );
  });
});
