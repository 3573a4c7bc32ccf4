import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { settingsQueryKey } from '../../../api/settings';
import { companyInfoQueryKey } from '../../../api/companyinfo';
import { userQueryKey, type UserResponse } from '../../../api/user';
import { partnerRedirect } from '../../auth/pages/AccountDeletedPage';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { companyInfoFixture, settingsResponseFixture, userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';

function renderLoggedIn(path: string) {
  const queryClient = seededQueryClient(userFixture);
  queryClient.setQueryData(companyInfoQueryKey, {
    companyinfo: { ...companyInfoFixture, delete_discount: 'STAY50' },
  });
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
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
    renderLoggedIn('/notifications');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidig wachtwoord'), 'fout');
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Zonnebloem-2026');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Controleer je oude wachtwoord.')).toBeInTheDocument();
    expect(screen.getByLabelText('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      old_password: 'fout',
      password: 'Zonnebloem-2026',
      password_repeat: 'Zonnebloem-2026',
    });
  });

  it('refuses a new password that contains the profile name before sending it', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/notifications');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidig wachtwoord'), 'Zonnebloem-2026');
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'ikhouvanSANNE!');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'ikhouvanSANNE!');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(
      await screen.findByText('Je wachtwoord mag je e-mailadres of profielnaam niet bevatten.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('tells where the e-mail confirmation link went', async () => {
    mockFetch({
      'POST /api/mail-change.php': () => jsonResponse(200, { email: 'nieuw@example.com' }),
    });
    renderLoggedIn('/notifications');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nieuw e-mailadres'), 'nieuw@example.com');
    await user.click(screen.getByRole('button', { name: 'Bevestigingslink sturen' }));
    expect(
      await screen.findByText('We hebben een bevestigingslink gestuurd naar nieuw@example.com.'),
    ).toBeInTheDocument();
  });
});

describe('account deletion', () => {
  it('offers the alternatives first, requires a reason, sends it and lands on /account-deleted', async () => {
    const { calls } = mockFetch({
      'POST /api/account-delete.php': () =>
        jsonResponse(200, { purge_at: '2026-12-07T00:00:00.000Z' }),
    });
    const { router, queryClient } = renderLoggedIn('/notifications');
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
    expect(screen.getByText('STAY50')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toch verwijderen' }));
    expect(screen.getAllByRole('radio')).toHaveLength(7);

    // no reason chosen: nothing is sent
    await user.click(screen.getByLabelText('Ja, ik wil mijn account verwijderen'));
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    expect(await screen.findByText('Kies een reden.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByLabelText('Anders'));
    await user.type(screen.getByLabelText('Toelichting'), 'Even pauze');
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));

    expect(await screen.findByRole('heading', { name: 'Account verwijderd' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ confirm: true, reason: 'other', remarks: 'Even pauze' });
    expect(queryClient.getQueryData<UserResponse>(userQueryKey)?.user).toBeNull();
  });

  it('requires the explicit confirmation before deleting', async () => {
    const { calls } = mockFetch({});
    renderLoggedIn('/account/delete');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toch verwijderen' }));
    await user.click(screen.getByLabelText('Te duur'));
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    expect(
      await screen.findByText('Bevestig dat je je account wilt verwijderen.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
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
