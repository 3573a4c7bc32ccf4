import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailResponse, OkResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';

function renderAt(path: string) {
  const queryClient = seededQueryClient();
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
}

/** Asks for a reset link for this address on /reset-password. */
async function requestResetLink(email: string) {
  renderAt('/reset-password');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mailadres'), email);
  await user.click(screen.getByRole('button', { name: 'Herstellink versturen' }));
}

describe('password reset pages', () => {
  it('shows the server message under the address when the e-mail address is unknown', async () => {
    const { calls } = mockFetch({
      'POST /api/reset-password.php': () =>
        jsonResponse(404, {
          error: 'email_not_found',
          field: 'email',
          message: 'E-mailadres niet gevonden',
        }),
    });
    await requestResetLink('niemand@example.com');
    const email = screen.getByLabelText('E-mailadres');
    await waitFor(() => expect(email).toHaveAccessibleDescription('E-mailadres niet gevonden'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'niemand@example.com' });
  });

  it('asks again with the same Idempotency-Key when the server was briefly unavailable', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      'POST /api/reset-password.php': () =>
        ++attempts === 1
          ? jsonResponse(503, { error: 'service_unavailable', message: 'Even geduld' })
          : jsonResponse(200, { ok: true } satisfies OkResponse),
    });
    await requestResetLink('sanne@example.com');
    expect(
      await screen.findByRole('heading', { name: 'Controleer je e-mail' }),
    ).toBeInTheDocument();
    const keys = calls.map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a daily limit, which names no field, in an alert', async () => {
    mockFetch({
      'POST /api/reset-password.php': () =>
        jsonResponse(429, { error: 'reset_limit', message: 'Te veel herstelmails vandaag.' }),
    });
    await requestResetLink('sanne@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel herstelmails vandaag.');
    expect(screen.getByLabelText('E-mailadres')).not.toHaveAttribute('aria-invalid');
  });

  it('shows a check-your-mail state after the reset mail is sent', async () => {
    mockFetch({
      'POST /api/reset-password.php': () => jsonResponse(200, { ok: true } satisfies OkResponse),
    });
    await requestResetLink('sanne@example.com');
    expect(
      await screen.findByRole('heading', { name: 'Controleer je e-mail' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('sanne@example.com');
  });

  it('refuses two different new passwords without sending anything', async () => {
    const { calls } = mockFetch({});
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2027');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText('De opgegeven wachtwoorden zijn niet gelijk.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows the password rule as a hint and refuses a shorter password without sending it', async () => {
    const { calls } = mockFetch({});
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Nieuw wachtwoord');
    expect(password).toHaveAccessibleDescription(
      'Minimaal 10 tekens, zonder je e-mailadres of profielnaam.',
    );
    await user.type(password, 'kort12345');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'kort12345');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(password).toHaveAccessibleDescription(
      'Je wachtwoord moet minimaal 10 tekens lang zijn.',
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);

    // the message follows the typing once shown
    await user.type(password, '6');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a password beyond 72 bytes, counting accented letters as more than one', async () => {
    const { calls } = mockFetch({});
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    const long = 'é'.repeat(37); // 37 characters, 74 bytes
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), long);
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), long);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(
      await screen.findByText(
        'Je wachtwoord is te lang: gebruik hoogstens 72 tekens (letters met accenten en emoji tellen voor meer).',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's password error under the new password", async () => {
    mockFetch({
      'POST /api/reset-password-do.php': () =>
        jsonResponse(400, {
          error: 'password_personal',
          field: 'password',
          message: 'Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.',
        }),
    });
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Nieuw wachtwoord');
    await user.type(password, 'sanne-geheim-1');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'sanne-geheim-1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.',
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the token and new password, then links to the login page', async () => {
    const { calls } = mockFetch({
      'POST /api/reset-password-do.php': () => jsonResponse(200, { ok: true } satisfies OkResponse),
    });
    renderAt('/reset-password/do?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('link', { name: 'Naar inloggen' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls[0].body).toEqual({
      token: 'abc',
      password: 'Zonnebloem-2026',
      password_repeat: 'Zonnebloem-2026',
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
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2026');
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
      'POST /api/mail-change-do.php': () =>
        jsonResponse(200, { email: 'nieuw@example.com' } satisfies EmailResponse),
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
