import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMemberPage } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const hit = {
  id: 42,
  email: 'sanne@example.test',
  name: 'Sanne',
  status: 'confirmed',
  profile_status: 'active',
  credits: 12,
  signup_date: '2026-10-01T10:00:00.000Z',
  thumb_url: null,
};

function memberPage(overrides: Partial<StaffMemberPage['member']> = {}): StaffMemberPage {
  return {
    member: {
      id: 42,
      email: 'sanne@example.test',
      status: 'confirmed',
      banned: false,
      credits: 12,
      paid_user: true,
      language: 'nl',
      roles: [],
      signup_date: '2026-10-01T10:00:00.000Z',
      confirmed_at: '2026-10-01T10:05:00.000Z',
      last_login_at: null,
      last_seen_at: '2026-11-25T09:00:00.000Z',
      deleted_at: null,
      signup_ip: '203.0.113.9',
      purge_at: null,
      reactivatable: false,
      ...overrides,
    },
    profile: {
      name: 'Sanne',
      status: 'active',
      gender: 'female',
      date_of_birth: '1990-04-02',
      country: 'NL',
      city: 'Utrecht',
      about: 'Hallo!',
      invisible: false,
      privacy_mode: false,
      fictional: false,
    },
    photos: [],
    payments: [
      {
        id: 1,
        payment_id: 'p1',
        method: 'ideal',
        status: 'paid',
        credits: 100,
        amount_cents: 1995,
        currency: 'EUR',
        reversed_cents: 0,
        refundable_cents: 1995,
        created_at: '2026-11-01T10:00:00.000Z',
        paid_at: '2026-11-01T10:01:00.000Z',
      },
      {
        id: 2,
        payment_id: 'p2',
        method: 'sdd',
        status: 'refunded',
        credits: 60,
        amount_cents: 495,
        currency: 'EUR',
        reversed_cents: 495,
        refundable_cents: 0,
        created_at: '2026-10-20T10:00:00.000Z',
        paid_at: '2026-10-20T10:01:00.000Z',
      },
    ],
    reversals: [
      {
        id: 3,
        payment: 2,
        kind: 'chargeback',
        amount_cents: 495,
        currency: 'EUR',
        credits_taken: 20,
        credits_short: 40,
        created_at: '2026-10-25T10:00:00.000Z',
        undone_at: null,
      },
    ],
    ledger: [
      {
        id: 5,
        delta: 100,
        balance_after: 112,
        reason: 'purchase',
        note: null,
        created_at: '2026-11-01T10:01:00.000Z',
      },
    ],
    sessions: [
      {
        id: 's1',
        created_at: '2026-11-25T08:00:00.000Z',
        last_seen_at: '2026-11-25T09:00:00.000Z',
        expires_at: '2026-12-25T08:00:00.000Z',
        ip: '198.51.100.7',
        device: 'Firefox on Windows',
        user_agent: 'Mozilla/5.0',
      },
    ],
    complaints: [],
    audit: [],
    linked_accounts: [],
  };
}

const renderConsole = consoleRenderer(createRoutes, admin);

describe('the members area of the console', () => {
  it('finds a member by e-mail address and opens their page', async () => {
    const { router, calls } = renderConsole('/admin/members', {
      'GET /api/staff/members': () =>
        jsonResponse(200, { by: 'email', members: [hit], next_after: null }),
      'GET /api/staff/members/42': () => jsonResponse(200, memberPage()),
    });
    expect(await screen.findByRole('heading', { name: 'Leden' })).toBeInTheDocument();
    expect(screen.getByText('Typ een nummer, e-mailadres of naam om te zoeken.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Nummer, e-mailadres of naam'), {
      target: { value: 'Sanne@Example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    const link = await screen.findByRole('link', { name: /Sanne/ });
    expect(screen.getByText('Op e-mailadres: Sanne@Example.test')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/staff/members?'))?.url).toBe(
      '/api/staff/members?q=Sanne%40Example.test',
    );
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Sanne' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/members/42');
    expect(screen.getByText('sanne@example.test')).toBeInTheDocument();
  });

  it('says so when nothing matches, and shows an error with a retry', async () => {
    let fail = true;
    renderConsole('/admin/members?q=niemand', {
      'GET /api/staff/members': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'Er is een fout opgetreden.' })
          : jsonResponse(200, { by: 'name', members: [], next_after: null }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Er is een fout opgetreden.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('Geen leden gevonden voor „niemand”.')).toBeInTheDocument();
  });

  it('shows the tabs of a member page by keyboard: payments with method and status named, sessions with device and IP', async () => {
    const { router } = renderConsole('/admin/members/42', {
      'GET /api/staff/members/42': () => jsonResponse(200, memberPage()),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Gegevens van het lid' });
    expect(within(tabs).getByRole('tab', { name: /Profiel/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Utrecht, NL')).toBeInTheDocument();
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: /Profiel/ }), { key: 'ArrowRight' });
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: /Foto's/ }), { key: 'ArrowRight' });
    // the method's name and the status in the staff language, not the stored ids
    const payment = (await screen.findByText('iDEAL')).closest('tr')!;
    expect(within(payment).getByText('Betaald')).toBeInTheDocument();
    expect(within(payment).queryByText('paid')).not.toBeInTheDocument();
    const refunded = screen.getByText('Automatische incasso').closest('tr')!;
    expect(within(refunded).getByText('Terugbetaald')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=payments');
    fireEvent.click(within(tabs).getByRole('tab', { name: /Sessies/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(panel).getByText('198.51.100.7')).toBeInTheDocument();
  });

  it('adjusts credits with a reason, one Idempotency-Key for a retried click, and shows the new balance', async () => {
    let page = memberPage();
    let attempts = 0;
    const { calls } = renderConsole('/admin/members/42', {
      'GET /api/staff/members/42': () => jsonResponse(200, page),
      'POST /api/staff/members/42/credits': () => {
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse(422, {
            error: 'credits_below_zero',
            message: 'Zoveel credits heeft dit lid niet: het saldo kan niet onder nul komen.',
            field: 'amount',
          });
        }
        page = memberPage({ credits: 7 });
        return jsonResponse(200, { credits: 7, ledger_id: 9 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Credits aanpassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credits aanpassen' });
    const submit = within(dialog).getByRole('button', { name: 'Aanpassen' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Aantal credits'), {
      target: { value: '-5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reden'), {
      target: { value: 'Dubbel geboekt' },
    });
    fireEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('onder nul');
    fireEvent.click(submit);
    expect(await screen.findByText('Credits aangepast. Nieuw saldo: 7.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.url === '/api/staff/members/42/credits');
    expect(posts.map((c) => c.body)).toEqual([
      { amount: -5, reason: 'Dubbel geboekt' },
      { amount: -5, reason: 'Dubbel geboekt' },
    ]);
    // the same intended adjustment keeps its key until it succeeds
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows what a refund takes back before the admin confirms, and retries with one key', async () => {
    let page = memberPage();
    let attempts = 0;
    const { calls } = renderConsole('/admin/members/42?tab=payments', {
      'GET /api/staff/members/42': () => jsonResponse(200, page),
      'POST /api/staff/members/42/payments/1/refund': () => {
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse(502, {
            error: 'payment_provider_error',
            message: 'De betaaldienst is even niet bereikbaar. Probeer het zo opnieuw.',
          });
        }
        page = memberPage({ credits: 0 });
        return jsonResponse(200, {
          refund: {
            amount_cents: 500,
            currency: 'EUR',
            provider_ref: 're_1',
            credits_taken: 12,
            credits_short: 14,
          },
          credits: 0,
          payment: { ...memberPage().payments[0], reversed_cents: 500, refundable_cents: 1495 },
        });
      },
    });
    // a chargeback the bank made is listed with the credits it took back
    expect(
      await screen.findByText(
        /Terugboeking door de bank .*4,95: 20 credits terug \(40 al uitgegeven\)/,
      ),
    ).toBeInTheDocument();
    // a refunded payment has nothing left to refund
    expect(screen.queryByRole('button', { name: 'Betaling p2 terugbetalen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Betaling p1 terugbetalen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaling terugbetalen' });
    const amount = within(dialog).getByLabelText('Bedrag terug (EUR)');
    // the whole of what is left is offered; the member holds 12 of its 100 credits
    expect(amount).toHaveValue('19,95');
    const preview = within(dialog).getByRole('status');
    expect(preview).toHaveTextContent(/19,95 terugbetaald en er worden 12 credits teruggenomen/);
    expect(preview).toHaveTextContent('88 credits van deze betaling zijn al uitgegeven');
    // part of it: its share, 26 credits (25.06 rounded up), of which 12 are left
    fireEvent.change(amount, { target: { value: '5' } });
    expect(preview).toHaveTextContent(/5,00 terugbetaald en er worden 12 credits teruggenomen/);
    expect(preview).toHaveTextContent('14 credits van deze betaling zijn al uitgegeven');
    const submit = within(dialog).getByRole('button', { name: 'Definitief terugbetalen' });
    fireEvent.change(within(dialog).getByLabelText('Reden'), {
      target: { value: 'Klant vroeg binnen 14 dagen' },
    });
    fireEvent.change(amount, { target: { value: '25' } });
    expect(submit).toBeDisabled();
    fireEvent.change(amount, { target: { value: '5,00' } });
    expect(submit).toBeEnabled();
    // the provider's hiccup (502) is retried by the client with the same key; a second click
    // while it runs does nothing
    fireEvent.click(submit);
    expect(submit).toBeDisabled();
    fireEvent.click(submit);
    expect(
      await screen.findByText(/Terugbetaald: .*5,00\. 12 credits teruggenomen; nieuw saldo 0\./),
    ).toBeInTheDocument();
    const posts = calls.filter((c) => c.url === '/api/staff/members/42/payments/1/refund');
    expect(posts.map((c) => c.body)).toEqual([
      { amount_cents: 500, reason: 'Klant vroeg binnen 14 dagen' },
      { amount_cents: 500, reason: 'Klant vroeg binnen 14 dagen' },
    ]);
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['Idempotency-Key']).toBe(posts[0].headers['Idempotency-Key']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('strikes through a refund the provider reported failed after it was booked, and says so', async () => {
    const page = memberPage();
    page.reversals.push({
      id: 4,
      payment: 1,
      kind: 'refund',
      amount_cents: 500,
      currency: 'EUR',
      credits_taken: 12,
      credits_short: 0,
      created_at: '2026-10-26T10:00:00.000Z',
      undone_at: '2026-10-28T10:00:00.000Z',
    });
    renderConsole('/admin/members/42?tab=payments', {
      'GET /api/staff/members/42': () => jsonResponse(200, page),
    });
    const line = await screen.findByText(/Terugbetaling .*5,00: 12 credits terug/);
    expect(line).toHaveClass('text-decoration-line-through');
    expect(
      screen.getByText(
        /^Mislukt of geannuleerd bij de betaaldienst op .+: niet terugbetaald, credits teruggegeven$/,
      ),
    ).toBeInTheDocument();
    // a chargeback that stands is not struck through
    expect(screen.getByText(/Terugboeking door de bank .*4,95/)).not.toHaveClass(
      'text-decoration-line-through',
    );
  });

  it('erases only once the member’s id is typed, and ends sessions with a reason', async () => {
    const { calls } = renderConsole('/admin/members/42', {
      'GET /api/staff/members/42': () => jsonResponse(200, memberPage()),
      'POST /api/staff/members/42/erase': () => jsonResponse(200, { status: 'purged' }),
      'POST /api/staff/members/42/end-sessions': () => jsonResponse(200, { ended: 1 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nu wissen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lid nu wissen' });
    const erase = within(dialog).getByRole('button', { name: 'Definitief wissen' });
    const typed = within(dialog).getByLabelText('Typ het nummer van het lid (42) om te bevestigen');
    fireEvent.change(typed, { target: { value: '41' } });
    expect(erase).toBeDisabled();
    fireEvent.change(typed, { target: { value: '42' } });
    fireEvent.click(erase);
    expect(await screen.findByText('Het lid is gewist.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/staff/members/42/erase')?.body).toEqual({
      confirm_id: '42',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Sessies beëindigen' }));
    const sessions = await screen.findByRole('dialog', { name: 'Sessies beëindigen' });
    fireEvent.change(within(sessions).getByLabelText('Reden'), {
      target: { value: 'Wachtwoord gelekt' },
    });
    fireEvent.click(within(sessions).getByRole('button', { name: 'Beëindigen' }));
    expect(
      await screen.findByText('Sessies beëindigd: 1. Het lid is overal afgemeld.'),
    ).toBeInTheDocument();
  });

  it('shows a ban with a link to the complaints and offers reactivation of a deleted account', async () => {
    renderConsole('/admin/members/42', {
      'GET /api/staff/members/42': () =>
        jsonResponse(
          200,
          memberPage({ status: 'deleted', reactivatable: true, purge_at: '2026-12-09T10:00:00Z' }),
        ),
    });
    expect(await screen.findByRole('button', { name: 'Heropenen' })).toBeInTheDocument();
    expect(screen.getByText(/definitief gewist, tenzij/)).toBeInTheDocument();
  });

  it('shows a banned member with a link to the complaints area', async () => {
    renderConsole('/admin/members/42', {
      'GET /api/staff/members/42': () =>
        jsonResponse(200, memberPage({ status: 'banned', banned: true })),
    });
    expect(await screen.findByText(/Dit lid is geblokkeerd/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Naar de klachten' })[0]).toHaveAttribute(
      'href',
      '/admin/complaints',
    );
  });
});
