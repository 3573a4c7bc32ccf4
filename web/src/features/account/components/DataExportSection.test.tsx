import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { deferred, jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';
import { DataExportSection } from './DataExportSection';

function renderSection(routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  renderRoutes(
    <div className="row">
      <DataExportSection />
    </div>,
    { queryClient: seededQueryClient(userFixture) },
  );
  return { ...fetch, user: userEvent.setup() };
}

const section = () => within(screen.getByRole('region', { name: 'Download mijn gegevens' }));

describe('"Download mijn gegevens" in the account settings', () => {
  it('asks for the current password before it sends anything', async () => {
    const { calls, user } = renderSection({});
    await user.click(section().getByRole('button', { name: 'Mijn gegevens aanvragen' }));
    expect(section().getByLabelText('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('sends the password, shows that it is busy, then that a mail with a link follows', async () => {
    const answer = deferred();
    const { calls, user } = renderSection({ 'POST /api/data-export.php': () => answer.promise });
    await user.type(section().getByLabelText('Huidig wachtwoord'), 'geheim-12345');
    await user.click(section().getByRole('button', { name: 'Mijn gegevens aanvragen' }));
    const busy = section().getByRole('button', { name: 'Bezig met aanvragen…' });
    expect(busy).toBeDisabled();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { password: 'geheim-12345' } });
    answer.resolve(jsonResponse(202, { status: 'queued' }));
    const status = await section().findByRole('status');
    expect(status).toHaveTextContent('Aanvraag ontvangen');
    expect(status).toHaveTextContent(
      'We mailen je binnen enkele minuten een link om je gegevens te downloaden.',
    );
    expect(status).toHaveTextContent('24 uur geldig');
    expect(section().queryByLabelText('Huidig wachtwoord')).not.toBeInTheDocument();
  });

  it('shows a wrong password under the field', async () => {
    const { user } = renderSection({
      'POST /api/data-export.php': () =>
        jsonResponse(400, {
          error: 'wrong_password',
          message: 'Het wachtwoord is onjuist.',
          field: 'password',
        }),
    });
    await user.type(section().getByLabelText('Huidig wachtwoord'), 'fout-wachtwoord');
    await user.click(section().getByRole('button', { name: 'Mijn gegevens aanvragen' }));
    expect(await section().findByText('Het wachtwoord is onjuist.')).toBeInTheDocument();
    expect(section().getByLabelText('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the member has asked too often today', async () => {
    const { user } = renderSection({
      'POST /api/data-export.php': () =>
        jsonResponse(429, { error: 'rate_limited', message: 'Te veel verzoeken.' }),
    });
    await user.type(section().getByLabelText('Huidig wachtwoord'), 'geheim-12345');
    await user.click(section().getByRole('button', { name: 'Mijn gegevens aanvragen' }));
    expect(await section().findByRole('alert')).toHaveTextContent(
      'Je hebt vandaag al een paar keer je gegevens aangevraagd. Probeer het morgen opnieuw.',
    );
  });

  it('shows a general error when the server fails', async () => {
    const { user } = renderSection({
      'POST /api/data-export.php': () =>
        jsonResponse(500, { error: 'internal_error', message: 'boom' }),
    });
    await user.type(section().getByLabelText('Huidig wachtwoord'), 'geheim-12345');
    await user.click(section().getByRole('button', { name: 'Mijn gegevens aanvragen' }));
    expect(await section().findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
  });
});
