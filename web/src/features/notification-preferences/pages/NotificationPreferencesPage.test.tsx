import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettingsResponse, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';

const stored: NotificationSettingsResponse = {
  preferences: {
    new_conversations: true,
    new_messages: true,
    like: false,
    visits: true,
    unread_message_reminders: true,
    promotions: true,
    weekly_updates: true,
    news: false,
    reminders: true,
  },
  notifications_disabled: [],
};

function renderPage(routes: Record<string, Responder>, path = '/notifications', user?: User) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(user ?? userFixture);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

/** A card of the page; the first render loads the page's chunk, slow on a busy machine. */
const group = async (name: string) =>
  within(await screen.findByRole('region', { name }, { timeout: 5000 }));

describe('the notification preferences page', () => {
  it('shows the nine preferences in two groups as switches in their stored state', async () => {
    renderPage({ 'GET /api/notifications.php': () => jsonResponse(200, stored) });
    const members = await group('Contact met leden');
    expect(members.getAllByRole('switch')).toHaveLength(5);
    expect(members.getByRole('switch', { name: 'Bezoekers' })).toBeChecked();
    expect(members.getByRole('switch', { name: 'Nieuwe gesprekken' })).toBeChecked();
    expect(members.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    expect(members.getByRole('switch', { name: 'Likes' })).toHaveAccessibleDescription(
      /Iemand vindt je leuk\./,
    );
    const site = await group('Van ons');
    expect(site.getAllByRole('switch')).toHaveLength(4);
    expect(site.getByRole('switch', { name: 'Nieuws' })).not.toBeChecked();
    expect(site.getByRole('switch', { name: 'Aanbiedingen' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Naar de instellingen' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('has push on this device in a card of its own, explained where the browser cannot receive it', async () => {
    renderPage({ 'GET /api/notifications.php': () => jsonResponse(200, stored) });
    const push = await group('Pushmeldingen');
    const toggle = push.getByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    expect(toggle).not.toBeChecked();
    // jsdom has no Push API (the push feature's own tests switch it on and off)
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Deze browser kan geen pushmeldingen ontvangen\./);
  });

  it('saves a switch the moment it changes, with only that preference, and says it is saved', async () => {
    const { calls, user } = renderPage({
      'GET /api/notifications.php': () => jsonResponse(200, stored),
      'PUT /api/notifications.php': () =>
        jsonResponse(200, { ...stored, preferences: { ...stored.preferences, promotions: false } }),
    });
    const site = await group('Van ons');
    await user.click(site.getByRole('switch', { name: 'Aanbiedingen' }));
    expect(await site.findByText(/Opgeslagen/)).toBeInTheDocument();
    expect(site.getByRole('switch', { name: 'Aanbiedingen' })).not.toBeChecked();
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].body).toEqual({ promotions: false });
    expect(put[0].headers['X-Request-Type']).toBe('client');
  });

  it('shows the server’s refusal at the switch and puts it back', async () => {
    const { user } = renderPage({
      'GET /api/notifications.php': () => jsonResponse(200, stored),
      'PUT /api/notifications.php': () =>
        jsonResponse(400, { error: 'validation_failed', message: 'Controleer dit veld.' }),
    });
    const members = await group('Contact met leden');
    await user.click(members.getByRole('switch', { name: 'Likes' }));
    expect(await members.findByRole('alert')).toHaveTextContent('Controleer dit veld.');
    expect(members.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    expect(members.queryByText(/Opgeslagen/)).not.toBeInTheDocument();
  });

  it('says when the preferences cannot be loaded and loads them again on retry', async () => {
    let fail = true;
    const { user } = renderPage({
      'GET /api/notifications.php': () =>
        fail ? jsonResponse(400, { error: 'forbidden', message: 'x' }) : jsonResponse(200, stored),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je voorkeuren konden niet worden geladen.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await group('Van ons')).toBeTruthy();
  });

  it('sends the old links to the account settings there, with their anchor', async () => {
    const { router } = renderPage({}, '/notifications#email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.hash).toBe('#email');
    expect(await screen.findByRole('region', { name: 'E-mailadres wijzigen' })).toHaveAttribute(
      'id',
      'email',
    );
  });

  it('explains why e-mail is off and turns it on again', async () => {
    let disabled: NotificationSettingsResponse['notifications_disabled'] = ['bounce', 'fbl'];
    const { calls, user } = renderPage(
      {
        'GET /api/notifications.php': () =>
          jsonResponse(200, { ...stored, notifications_disabled: disabled }),
        'POST /api/notifications.php': () => {
          disabled = [];
          return jsonResponse(200, stored);
        },
        'GET /api/user.php': () => jsonResponse(200, { user: userFixture }),
      },
      '/notifications',
      { ...userFixture, notifications_disabled: ['bounce', 'fbl'] },
    );
    const notice = await group('We sturen je geen e-mails meer');
    expect(notice.getByText('Een e-mail aan je adres kwam niet aan (gebounced).')).toBeVisible();
    expect(notice.getByText('Een e-mail van ons is als spam gemarkeerd.')).toBeVisible();
    // the layout's alert does not repeat it on this page
    expect(screen.getAllByRole('region', { name: 'We sturen je geen e-mails meer' })).toHaveLength(
      1,
    );
    await user.click(notice.getByRole('button', { name: 'E-mails weer aanzetten' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'We sturen je geen e-mails meer' }),
      ).not.toBeInTheDocument(),
    );
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/notifications.php?enable_email=1',
    );
  });
});
