import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { memberProfileFixture, userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';

const memberAnswer: Responder = () =>
  jsonResponse(200, { profile: memberProfileFixture, related: [] });

function renderPage(path: string, { loggedIn }: { loggedIn: boolean }) {
  const queryClient = seededQueryClient(loggedIn ? userFixture : null);
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
}

async function describeComplaint(subject = 'Nepprofiel', message = 'Vraagt om geld.') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Onderwerp/), subject);
  await user.type(screen.getByLabelText(/Je bericht/), message);
  return user;
}

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.startsWith('/api/complaint.php'));

describe('the complaints page', () => {
  it('is prefilled from a report button’s link and names the reported member', async () => {
    const { calls } = mockFetch({
      'GET /api/member.php': memberAnswer,
      'POST /api/complaint.php': () => jsonResponse(201, { complaint: { id: 5 } }),
    });
    renderPage('/complaints?about=photo&member=7&photo=12', { loggedIn: true });
    expect(await screen.findByTestId('reported-member')).toHaveTextContent('Mila');
    expect(screen.getByRole('radio', { name: /Een foto/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Een foto/ })).toHaveAccessibleDescription(
      'Een foto van Mila',
    );
    expect(screen.getByRole('link', { name: 'Bekijk profiel' })).toHaveAttribute(
      'href',
      '/members/7',
    );
    // a member is known by the session: no name or e-mail asked
    expect(screen.queryByLabelText(/Je naam/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Je e-mailadres/)).not.toBeInTheDocument();

    const user = await describeComplaint();
    expect(screen.getByText('15 / 5000 tekens')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    await screen.findByRole('heading', { name: 'Bedankt voor je melding' });
    expect(posts(calls).map((call) => call.body)).toEqual([
      { about: 'photo', member: 7, photo: 12, subject: 'Nepprofiel', message: 'Vraagt om geld.' },
    ]);
  });

  it('chooses a member by default when a member is named, and sends only what that needs', async () => {
    const { calls } = mockFetch({
      'GET /api/member.php': memberAnswer,
      'POST /api/complaint.php': () => jsonResponse(201, { complaint: { id: 6 } }),
    });
    renderPage('/complaints?member=7&photo=12', { loggedIn: true });
    expect(await screen.findByRole('radio', { name: /Een lid/ })).toBeChecked();
    const user = await describeComplaint();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    await screen.findByRole('heading', { name: 'Bedankt voor je melding' });
    expect(posts(calls)[0].body).toEqual({
      about: 'member',
      member: 7,
      subject: 'Nepprofiel',
      message: 'Vraagt om geld.',
    });
  });

  it('still takes the complaint when the member’s card cannot be loaded', async () => {
    const { calls } = mockFetch({
      'GET /api/member.php': () => jsonResponse(404, { error: 'not_found', message: 'Weg' }),
      'POST /api/complaint.php': () => jsonResponse(201, { complaint: { id: 7 } }),
    });
    renderPage('/complaints?about=member&member=7', { loggedIn: true });
    expect(
      await screen.findByText(
        'We kunnen dit profiel nu niet tonen. Je kunt je klacht wel versturen.',
      ),
    ).toBeInTheDocument();
    const user = await describeComplaint();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    await screen.findByRole('heading', { name: 'Bedankt voor je melding' });
    expect(posts(calls)[0].body).toMatchObject({ about: 'member', member: 7 });
  });

  it('explains how to report a member when the page was opened without one, and sends nothing', async () => {
    const { calls } = mockFetch({});
    renderPage('/complaints', { loggedIn: true });
    const user = await describeComplaint();
    expect(screen.getByRole('radio', { name: /De site/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Een lid/ }));
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(
      await screen.findByText(/Om een lid te melden, open je het profiel en klik je op ‘Melden’/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Een lid/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('asks a visitor for a name and a valid e-mail address before sending', async () => {
    const { calls } = mockFetch({});
    renderPage('/complaints', { loggedIn: false });
    const user = await describeComplaint('Werkt niet', 'De site laadt niet.');
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByText('Vul je naam in.')).toBeInTheDocument();
    expect(screen.getByText('Vul je e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Je naam/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Je naam/), 'Bezoeker');
    await user.type(screen.getByLabelText(/Je e-mailadres/), 'geen-adres');
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.queryByText('Vul je naam in.')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('thanks a visitor, says what happens next and where the answer goes', async () => {
    const { calls } = mockFetch({
      'POST /api/complaint.php': () => jsonResponse(201, { complaint: { id: 42 } }),
    });
    renderPage('/complaints', { loggedIn: false });
    const user = await describeComplaint('Werkt niet', 'De site laadt niet.');
    await user.type(screen.getByLabelText(/Je naam/), 'Bezoeker');
    await user.type(screen.getByLabelText(/Je e-mailadres/), 'bezoeker@example.test');
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    const heading = await screen.findByRole('heading', { name: 'Bedankt voor je melding' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Je meldingsnummer is 42/)).toBeInTheDocument();
    expect(screen.getByText(/dan mailen we je op bezoeker@example.test/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de homepage' })).toHaveAttribute('href', '/');
    expect(posts(calls)[0].body).toEqual({
      about: 'site',
      subject: 'Werkt niet',
      message: 'De site laadt niet.',
      name: 'Bezoeker',
      email: 'bezoeker@example.test',
    });
    expect(
      (posts(calls)[0] as unknown as { headers: Record<string, string> }).headers,
    ).toHaveProperty('Idempotency-Key');
  });

  it('leads a member back to the profile they reported', async () => {
    mockFetch({
      'GET /api/member.php': memberAnswer,
      'POST /api/complaint.php': () => jsonResponse(201, { complaint: { id: 8 } }),
    });
    renderPage('/complaints?about=member&member=7', { loggedIn: true });
    await screen.findByTestId('reported-member');
    const user = await describeComplaint();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    const done = (await screen.findByRole('heading', { name: 'Bedankt voor je melding' }))
      .parentElement as HTMLElement;
    expect(within(done).getByRole('link', { name: 'Terug naar het profiel' })).toHaveAttribute(
      'href',
      '/members/7',
    );
  });

  it('shows a server error at its field', async () => {
    mockFetch({
      'POST /api/complaint.php': () =>
        jsonResponse(400, {
          error: 'invalid_email',
          message: 'Ongeldige e-mail',
          field: 'email',
        }),
    });
    renderPage('/complaints', { loggedIn: false });
    const user = await describeComplaint('Werkt niet', 'De site laadt niet.');
    await user.type(screen.getByLabelText(/Je naam/), 'Bezoeker');
    await user.type(screen.getByLabelText(/Je e-mailadres/), 'iemand@voorbeeld.nl');
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByText('Ongeldige e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText(/Je e-mailadres/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s message when too many complaints were sent', async () => {
    mockFetch({
      'GET /api/member.php': memberAnswer,
      'POST /api/complaint.php': () =>
        new Response(
          JSON.stringify({
            error: 'rate_limited',
            message: 'Te veel verzoeken, probeer het zo nog eens.',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1800' } },
        ),
    });
    renderPage('/complaints?member=7', { loggedIn: true });
    const user = await describeComplaint();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel verzoeken, probeer het zo nog eens.',
    );
    expect(screen.getByLabelText(/Onderwerp/)).toHaveValue('Nepprofiel');
  });

  it('says so when what was reported cannot be found', async () => {
    const { calls } = mockFetch({
      'GET /api/member.php': memberAnswer,
      'POST /api/complaint.php': () =>
        jsonResponse(404, { error: 'not_found', message: 'Deze pagina kon niet worden gevonden.' }),
    });
    renderPage('/complaints?about=message&member=7&message=99', { loggedIn: true });
    const user = await describeComplaint();
    await user.click(screen.getByRole('button', { name: 'Klacht versturen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Dit lid, deze foto of dit bericht kunnen we niet \(meer\) vinden/,
    );
    expect(posts(calls)[0].body).toMatchObject({ about: 'message', member: 7, message_id: 99 });
  });
});
