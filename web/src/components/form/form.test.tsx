import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../api/query-client';
import { apiRequest } from '../../api/client';
import { deferred, jsonResponse, mockFetch } from '../../test/http';
import { CheckField, FormField, ServerErrorAlert, SubmitButton, useApiForm } from '.';

/** A small form on the primitives: a name (at least 3 letters) and a consent box. */
function NameForm() {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const form = useApiForm({
    mutationFn: (body: { name: string; agreed: boolean }) =>
      apiRequest('profile', { method: 'POST', body }),
    fields: ['name', 'agreed'],
    validate: () => ({
      name: name.length >= 3 ? null : 'Minstens 3 letters.',
      agreed: agreed ? null : 'Vink dit aan.',
    }),
  });
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit(() => ({ name, agreed }))}>
      <ServerErrorAlert message={form.formError} />
      <FormField
        label="Naam"
        hint="Zo zien anderen je."
        required
        markRequired
        value={name}
        error={form.fieldError('name')}
        onChange={(event) => setName(event.target.value)}
      />
      <CheckField
        label="Akkoord"
        checked={agreed}
        error={form.fieldError('agreed')}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <SubmitButton busy={form.busy} busyLabel="Bezig…">
        Opslaan
      </SubmitButton>
    </form>
  );
}

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NameForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

describe('form primitives', () => {
  it('marks a required field with an asterisk that screen readers skip, and describes it by its hint', () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Naam' });
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription('Zo zien anderen je.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('checks the form before sending, focuses the first problem and drops each message once put right', async () => {
    const { calls } = mockFetch({});
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Jo');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const name = screen.getByRole('textbox', { name: 'Naam' });
    expect(name).toHaveAccessibleDescription('Minstens 3 letters.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: 'Akkoord' })).toHaveAccessibleDescription(
      'Vink dit aan.',
    );
    await waitFor(() => expect(name).toHaveFocus());
    expect(posts(calls)).toHaveLength(0);

    await user.type(name, 's');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription('Zo zien anderen je.');
    expect(screen.getByText('Vink dit aan.')).toBeInTheDocument();
  });

  it("shows the issues of the server's validation_failed answer under their fields", async () => {
    mockFetch({
      'POST /api/profile.php': () =>
        jsonResponse(400, {
          error: 'validation_failed',
          message: 'Controleer je invoer.',
          issues: [{ field: 'name', message: 'Deze naam is niet toegestaan.' }],
        }),
    });
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Admin');
    await user.click(screen.getByRole('checkbox', { name: 'Akkoord' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const name = screen.getByRole('textbox', { name: 'Naam' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Deze naam is niet toegestaan.'));
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error that belongs to no field in the alert', async () => {
    mockFetch({
      'POST /api/profile.php': () =>
        jsonResponse(429, { error: 'rate_limited', message: 'Even wachten.' }),
    });
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Sanne');
    await user.click(screen.getByRole('checkbox', { name: 'Akkoord' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Even wachten.');
  });

  it('sends once while the request runs, with the button busy and disabled', async () => {
    const pending = deferred();
    const { calls } = mockFetch({ 'POST /api/profile.php': () => pending.promise });
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Sanne');
    await user.click(screen.getByRole('checkbox', { name: 'Akkoord' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const busy = await screen.findByRole('button', { name: 'Bezig…' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), '{Enter}');
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]).toMatchObject({ body: { name: 'Sanne', agreed: true } });

    pending.resolve(jsonResponse(200, {}));
    expect(await screen.findByRole('button', { name: 'Opslaan' })).toBeEnabled();
  });
});
