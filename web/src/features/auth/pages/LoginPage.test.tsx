import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoggedInResponse, UserResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { afterLoginPath, goAfterLogin } from '../../../components/return-path';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { userFixture, userResponseFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mailadres'), 'sanne@example.com');
  await user.type(screen.getByLabelText('Wachtwoord'), 'verkeerd1');
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('login page', () => {
  it('shows the server failure message in an alert when the login fails', async () => {
    const { calls } = mockFetch({
      'POST /api/user.php': () =>
        jsonResponse(401, { error: 'login_failed', message: 'Login mislukt, probeer opnieuw' }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/login', queryClient });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login mislukt, probeer opnieuw');
    expect(calls[0].body).toEqual({ email: 'sanne@example.com', password: 'verkeerd1' });
    expect(calls[0].headers['X-Request-Type']).toBe('client');
  });

  it('shows the block message of a 429 answer at once, without retrying the login', async () => {
    const { calls } = mockFetch({
      'POST /api/user.php': () =>
        jsonResponse(429, {
          error: 'login_blocked',
          message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
          minutes: 15,
        }),
    });
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/login', queryClient });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('goes to /members after a successful login, and links to password reset and signup', async () => {
    mockFetch({
      'POST /api/user.php': () =>
        jsonResponse(200, { user: userFixture } satisfies LoggedInResponse),
      'GET /api/user.php': () => jsonResponse(200, userResponseFixture),
    });
    const queryClient = seededQueryClient();
    const { router } = renderRoutes(createRoutes(queryClient), { path: '/login', queryClient });
    expect(await screen.findByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Meld je gratis aan' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Leden zoeken' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
  });

  it('sends a logged-in member from /login to /members', async () => {
    const queryClient = seededQueryClient(userFixture);
    const { router } = renderRoutes(createRoutes(queryClient), { path: '/login', queryClient });
    expect(await screen.findByRole('heading', { name: 'Leden zoeken' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
  });

  it('sends a visitor of a member-only page to login, and back to that page after login', async () => {
    let loggedIn = false;
    mockFetch({
      'GET /api/user.php': () =>
        jsonResponse(200, { user: loggedIn ? userFixture : null } satisfies UserResponse),
      'POST /api/user.php': () => {
        loggedIn = true;
        return jsonResponse(200, { user: userFixture } satisfies LoggedInResponse);
      },
    });
    const queryClient = seededQueryClient(null);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: '/notifications?tab=mail',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/notifications?tab=mail')}`,
    );
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(router.state.location.search).toBe('?tab=mail');
  });

  it.each([
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['//evil.com'],
    ['/\\evil.com'],
    ['https://evil.com/x'],
    ['javascript:alert(1)'],
  ])(
    'sends the member to /members instead of the redirect %j, which leaves this site',
    (redirect) => {
      expect(afterLoginPath(redirect)).toBe('/members');
    },
  );

  it("loads an address the server answers (the mailed data export link) as a document after login, and goes to the app's pages within the app", () => {
    const navigate = jest.fn();
    const load = jest.fn();
    const link = afterLoginPath('/api/data-export-download.php?token=abc');
    goAfterLogin(link, navigate, load);
    expect(load).toHaveBeenCalledWith('/api/data-export-download.php?token=abc');
    expect(navigate).not.toHaveBeenCalled();
    goAfterLogin(afterLoginPath('/chats/4'), navigate, load);
    expect(navigate).toHaveBeenCalledWith('/chats/4');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends a member who is logged in already where the login was for (a mailed link opened with another tab logged in)', async () => {
    mockFetch({
      'GET /api/user.php': () => jsonResponse(200, userResponseFixture),
    });
    const queryClient = seededQueryClient(userFixture);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: `/login?redirect=${encodeURIComponent('/likes')}`,
      queryClient,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/likes'));
  });

  it('sends the member to /members when no page asked for the login', () => {
    expect(afterLoginPath(null)).toBe('/members');
    expect(afterLoginPath('')).toBe('/members');
  });

  it('returns to a page of this site with its query and fragment after login', () => {
    expect(afterLoginPath('/members?x=1#y')).toBe('/members?x=1#y');
    expect(afterLoginPath('/chats/4')).toBe('/chats/4');
    expect(afterLoginPath(`${window.location.origin}/likes`)).toBe('/likes');
  });

  it('says that this device can log in again after the unlock link of the lock mail', async () => {
    mockFetch({});
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/login?unlocked=1', queryClient });
    expect(await screen.findByText(/^Dit apparaat kan weer inloggen\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the unlock link of the lock mail has expired or is invalid', async () => {
    mockFetch({});
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/login?unlocked=0', queryClient });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze link om weer in te loggen is verlopen of ongeldig.',
    );
  });
});
