import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { settingsQueryKey } from '../../../api/settings';
import { companyInfoQueryKey } from '../../../api/companyinfo';
import type {
  DeleteAccountResponse,
  DeleteDiscountResponse,
  EmailResponse,
  UserResponse,
} from '@app/contract';
import { userQueryKey } from '../../../api/user';
import { partnerRedirect } from './AccountDeletedPage';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { companyInfoFixture, settingsResponseFixture, userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';

/** Logged in; `deleteDiscount`: the site makes a discount offer on the deletion page. */
function renderLoggedIn(path: string, { deleteDiscount = false } = {}) {
  const queryClient = seededQueryClient(userFixture);
  queryClient.setQueryData(companyInfoQueryKey, {
    companyinfo: { ...companyInfoFixture, delete_discount: deleteDiscount },
  });
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
}

/** The member's own code of the deletion offer, as delete-discount.php answers it. */
const personalOffer = {
  discountcode: {
    code: 'STAY50-K7QM2XPD9A',
    value_percentage: 50,
    minimum_order_value: 0,
    country: null,
    currency: null,
    paymentmethods: [],
    expires: '2026-12-02T12:00:00.000Z',
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    seconds_left: 604_800,
  },
} satisfies DeleteDiscountResponse;

/** The card of the settings page with this title. */
async function card(title: string) {
  return within(await screen.findByRole('region', { name: title }));
}

describe('account settings', () => {
  it('shows the server message when the old password is wrong', async () => {
    const { calls } = mockFetch({
      'PUT /api/password.php': () =>
        jsonResponse(400, {
          error: 'wrong_old_password',
          message: 'Controleer je oude wachtwoord.',
          field: 'old_password',
        }),
    });
    renderLoggedIn('/account');
    const user = userEvent.setup();
    const form = await card('Wachtwoord wijzigen');
    await user.type(form.getByLabelText('Huidig wachtwoord'), 'fout');
    await user.type(form.getByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(form.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.click(form.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await form.findByText('Controleer je oude wachtwoord.')).toBeInTheDocument();
    expect(form.getByLabelText('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      old_password: 'fout',
      password: 'Zonnebloem-2026',
      password_repeat: 'Zonnebloem-2026',
    });
  });

  it('refuses a new password that contains the profile name before sending it', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/account');
    const user = userEvent.setup();
    const form = await card('Wachtwoord wijzigen');
    await user.type(form.getByLabelText('Huidig wachtwoord'), 'Zonnebloem-2026');
    await user.type(form.getByLabelText('Nieuw wachtwoord'), 'ikhouvanSANNE!');
    await user.type(form.getByLabelText('Herhaal nieuw wachtwoord'), 'ikhouvanSANNE!');
    await user.click(form.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(
      await form.findByText('Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows the block message in an alert when the old password was guessed too often', async () => {
    mockFetch({
      'PUT /api/password.php': () =>
        jsonResponse(429, {
          error: 'login_blocked',
          message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
        }),
    });
    renderLoggedIn('/account');
    const user = userEvent.setup();
    const form = await card('Wachtwoord wijzigen');
    await user.type(form.getByLabelText('Huidig wachtwoord'), 'fout');
    await user.type(form.getByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(form.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.click(form.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
  });
});

describe('e-mail change in the settings', () => {
  async function requestChange(email: string, password: string) {
    const user = userEvent.setup();
    const form = await card('E-mailadres wijzigen');
    if (email) await user.type(form.getByLabelText('Nieuw e-mailadres'), email);
    if (password) await user.type(form.getByLabelText('Huidig wachtwoord'), password);
    await user.click(form.getByRole('button', { name: 'Bevestigingslink sturen' }));
    return form;
  }

  it('sends the new address with the current password and says where the link and the notice went', async () => {
    const { calls } = mockFetch({
      'POST /api/mail-change.php': () =>
        jsonResponse(200, { email: 'nieuw@example.com' } satisfies EmailResponse),
    });
    renderLoggedIn('/account');
    const form = await requestChange('nieuw@example.com', 'Zonnebloem-2026');
    const done = await form.findByRole('status');
    expect(done).toHaveTextContent(
      'We hebben een bevestigingslink gestuurd naar nieuw@example.com.',
    );
    expect(done).toHaveTextContent(
      'Je huidige adres krijgt een melding met een link om de wijziging te annuleren.',
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { email: 'nieuw@example.com', password: 'Zonnebloem-2026' },
    ]);
    // the server sends the mails once per key, should the client have to ask again
    expect(posts[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.getByLabelText('Huidig wachtwoord')).toHaveValue('');
    expect(form.getByLabelText('Huidig wachtwoord')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
  });

  it('asks for the current password and a valid address before sending anything', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/account');
    const form = await requestChange('geen-adres', '');
    expect(await form.findByText('Nieuw e-mailadres invalide.')).toBeInTheDocument();
    expect(form.getByLabelText('Huidig wachtwoord')).toHaveAccessibleDescription(
      'Vul je huidige wachtwoord in.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it.each([
    {
      answer: { status: 400, error: 'wrong_password', field: 'password' },
      message: 'Controleer je wachtwoord.',
      label: 'Huidig wachtwoord',
    },
    {
      answer: { status: 409, error: 'email_taken', field: 'email' },
      message: 'Dit e-mailadres heeft al een account op deze site.',
      label: 'Nieuw e-mailadres',
    },
    {
      answer: { status: 400, error: 'new_email_invalid', field: 'email' },
      message: 'Nieuw e-mailadres invalide.',
      label: 'Nieuw e-mailadres',
    },
  ])(
    'shows the server error $answer.error under its field',
    async ({ answer: { status, ...answer }, message, label }) => {
      mockFetch({
        'POST /api/mail-change.php': () => jsonResponse(status, { ...answer, message }),
      });
      renderLoggedIn('/account');
      const form = await requestChange('nieuw@example.com', 'Zonnebloem-2026');
      await waitFor(() => expect(form.getByLabelText(label)).toHaveAccessibleDescription(message));
      expect(form.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(form.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it.each([
    ['login_blocked', 'Te veel foute pogingen, account voor 15 min geblokkeerd.'],
    ['rate_limited', 'Te veel verzoeken, probeer het zo nog eens.'],
  ])('shows %s in an alert and does not send again', async (error, message) => {
    const { calls } = mockFetch({
      'POST /api/mail-change.php': () => jsonResponse(429, { error, message }),
    });
    renderLoggedIn('/account');
    const form = await requestChange('nieuw@example.com', 'Zonnebloem-2026');
    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('account deletion', () => {
  /** Past the alternatives, with a reason and what is given of the password and confirmation. */
  async function deleteWith({ password = '', confirm = true }) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toch verwijderen' }));
    await user.click(await screen.findByLabelText('Geen tijd'));
    if (password) await user.type(screen.getByLabelText('Huidig wachtwoord'), password);
    if (confirm) await user.click(screen.getByLabelText('Ja, ik wil mijn account verwijderen'));
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
  }

  it('offers the alternatives first, the discount once the deletion is asked for, requires a reason, sends it and lands on /account-deleted', async () => {
    const { calls } = mockFetch({
      'POST /api/account-delete-start.php': () => jsonResponse(200, { ok: true }),
      'POST /api/delete-discount.php': () => jsonResponse(200, personalOffer),
      'POST /api/account-delete.php': () =>
        jsonResponse(200, { purge_at: '2026-12-07T00:00:00.000Z' } satisfies DeleteAccountResponse),
    });
    const deletions = () => calls.filter((call) => call.url.includes('account-delete.php'));
    const asked = (path: string) => calls.filter((call) => call.url.includes(path));
    const { router, queryClient } = renderLoggedIn('/account', { deleteDiscount: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Account verwijderen' }));

    // alternatives come first, the reason form not yet
    expect(await screen.findByRole('link', { name: 'E-mailadres wijzigen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar mijn profiel' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Bekijk het proefpakket' })).toHaveAttribute(
      'href',
      '/credits',
    );
    // no offer before the member asks for deletion: the server would refuse it
    expect(screen.queryByText('STAY50-K7QM2XPD9A')).not.toBeInTheDocument();
    expect(asked('delete-discount')).toHaveLength(0);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toch verwijderen' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(7);
    expect(asked('account-delete-start')).toHaveLength(1);
    // the member's own code, issued now, beside the reason
    expect(await screen.findByText('STAY50-K7QM2XPD9A')).toBeInTheDocument();
    expect(
      screen.getByText(
        '50% korting op je volgende aankoop, geldig tot 2 december 2026. De code is alleen voor jou.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Code gebruiken' })).toHaveAttribute(
      'href',
      '/credits?code=STAY50-K7QM2XPD9A',
    );

    // no reason chosen: nothing is sent
    await user.click(screen.getByLabelText('Ja, ik wil mijn account verwijderen'));
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    expect(await screen.findByText('Kies een reden.')).toBeInTheDocument();
    expect(deletions()).toHaveLength(0);

    await user.click(screen.getByLabelText('Anders'));
    // as long as the server accepts (the contract's DELETION_REMARKS_MAX, 2000)
    expect(screen.getByLabelText('Toelichting')).toHaveAttribute('maxlength', '2000');
    await user.type(screen.getByLabelText('Toelichting'), 'Even pauze');
    await user.type(screen.getByLabelText('Huidig wachtwoord'), 'Zonnebloem-2026');
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));

    expect(await screen.findByRole('heading', { name: 'Account verwijderd' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    const posts = deletions();
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      confirm: true,
      reason: 'other',
      remarks: 'Even pauze',
      password: 'Zonnebloem-2026',
    });
    expect(queryClient.getQueryData<UserResponse>(userQueryKey)?.user).toBeNull();
  });

  it('shows no discount, and asks for none, when the site makes no offer', async () => {
    const { calls } = mockFetch({
      'POST /api/delete-discount.php': () => jsonResponse(200, personalOffer),
    });
    renderLoggedIn('/account/delete');
    expect(await screen.findByRole('link', { name: 'E-mailadres wijzigen' })).toBeInTheDocument();
    expect(screen.queryByText('Blijf met korting')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('delete-discount'))).toHaveLength(0);
  });

  it('shows no discount when the member has used the offer already', async () => {
    const { calls } = mockFetch({
      'POST /api/account-delete-start.php': () => jsonResponse(200, { ok: true }),
      'POST /api/delete-discount.php': () => jsonResponse(200, { discountcode: null }),
    });
    renderLoggedIn('/account/delete', { deleteDiscount: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toch verwijderen' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('delete-discount'))).toHaveLength(1),
    );
    expect(await screen.findAllByRole('radio')).toHaveLength(7);
    expect(screen.queryByText('Blijf met korting')).not.toBeInTheDocument();
  });

  it('ends the begun deletion, and its offer, when the member stays after all', async () => {
    const { calls } = mockFetch({
      'POST /api/account-delete-start.php': () => jsonResponse(200, { ok: true }),
      'POST /api/delete-discount.php': () => jsonResponse(200, personalOffer),
      'DELETE /api/account-delete-start.php': () => jsonResponse(200, { ok: true }),
    });
    const { router } = renderLoggedIn('/account/delete', { deleteDiscount: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toch verwijderen' }));
    expect(await screen.findByText('STAY50-K7QM2XPD9A')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ik blijf' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'DELETE' && c.url.includes('account-delete-start')),
      ).toHaveLength(1),
    );
    expect(router.state.location.pathname).toBe('/members');
  });

  it('requires the current password before deleting', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/account/delete');
    await deleteWith({ confirm: true });
    const password = screen.getByLabelText('Huidig wachtwoord');
    expect(password).toHaveAccessibleDescription('Vul je huidige wachtwoord in.');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(calls.filter((call) => call.url.includes('account-delete.php'))).toHaveLength(0);
  });

  it('shows a wrong password under the password field and keeps the member on the form', async () => {
    const { calls } = mockFetch({
      'POST /api/account-delete.php': () =>
        jsonResponse(400, {
          error: 'wrong_password',
          field: 'password',
          message: 'Controleer je wachtwoord.',
        }),
    });
    const { router } = renderLoggedIn('/account/delete');
    await deleteWith({ password: 'verkeerd-wachtwoord' });
    await waitFor(() =>
      expect(screen.getByLabelText('Huidig wachtwoord')).toHaveAccessibleDescription(
        'Controleer je wachtwoord.',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/delete');
    expect(calls.filter((call) => call.url.includes('account-delete.php'))[0].body).toEqual({
      confirm: true,
      reason: 'time',
      password: 'verkeerd-wachtwoord',
    });
    expect(
      calls.filter((call) => call.url.includes('account-delete.php'))[0].headers,
    ).not.toHaveProperty('Idempotency-Key');
  });

  it('shows the block message in an alert when the password was guessed too often', async () => {
    mockFetch({
      'POST /api/account-delete.php': () =>
        jsonResponse(429, {
          error: 'login_blocked',
          message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
        }),
    });
    renderLoggedIn('/account/delete');
    await deleteWith({ password: 'verkeerd-wachtwoord' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
  });

  it('requires the explicit confirmation before deleting', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/account/delete');
    await deleteWith({ password: 'Zonnebloem-2026', confirm: false });
    expect(
      await screen.findByText('Bevestig dat je je account wilt verwijderen.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('account-delete.php'))).toHaveLength(0);
  });
});

describe('account deleted page', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  function renderDeleted(partnerUrl: string) {
    const queryClient = seededQueryClient(null);
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: { ...settingsResponseFixture.settings, partner_redirect_url: partnerUrl },
    });
    mockFetch({});
    return renderRoutes(createRoutes(queryClient), { path: '/account-deleted', queryClient });
  }

  it('counts down to the partner site and goes there at zero', async () => {
    jest.useFakeTimers();
    const go = jest.spyOn(partnerRedirect, 'go').mockImplementation(() => undefined);
    renderDeleted('https://partner.example/');
    expect(await screen.findByRole('timer')).toHaveTextContent('over 10 s');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('timer')).toHaveTextContent('over 7 s');
    act(() => jest.advanceTimersByTime(7000));
    expect(go).toHaveBeenCalledWith('https://partner.example/');
  });

  it('stops the partner countdown when cancelled', async () => {
    jest.useFakeTimers();
    const go = jest.spyOn(partnerRedirect, 'go').mockImplementation(() => undefined);
    renderDeleted('https://partner.example/');
    expect(await screen.findByRole('timer')).toHaveTextContent('over 10 s');
    act(() => jest.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'Niet doorsturen' }).click());
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Doorsturen geannuleerd.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20000));
    expect(go).not.toHaveBeenCalled();
  });

  it('says the account can still be reactivated and shows no countdown without a partner', async () => {
    renderDeleted('');
    expect(await screen.findByRole('heading', { name: 'Account verwijderd' })).toBeInTheDocument();
    expect(screen.getByText(/nog niet definitief verwijderd/)).toBeInTheDocument();
    expect(screen.getByText(/binnen 14 dagen terug/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
