import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivationMailRequest, EmailResponse, User } from '@app/contract';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';
import { ActivationReminder } from './ActivationReminder';

const unconfirmed: User = {
  ...userFixture,
  status: 'not_confirmed',
  notifications_disabled: [],
  profile: { ...userFixture.profile!, status: 'disabled' },
};

function renderReminder(user: User | null) {
  return renderRoutes(
    <>
      <ActivationReminder />
      <p>page content</p>
    </>,
    { queryClient: seededQueryClient(user) },
  );
}

const TITLE = 'Bevestig je e-mailadres';

describe('activation reminder', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows for a logged-in, not confirmed member with a disabled profile and no disabled notifications', async () => {
    renderReminder(unconfirmed);
    expect(await screen.findByText(TITLE)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Activatiemail opnieuw sturen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mailadres wijzigen' })).toBeInTheDocument();
  });

  it.each([
    ['a logged-out visitor', null],
    ['a confirmed member', { ...unconfirmed, status: 'confirmed' }],
    [
      'a member with an active profile',
      { ...unconfirmed, profile: { ...unconfirmed.profile!, status: 'active' } },
    ],
    [
      'a member with disabled notifications',
      { ...unconfirmed, notifications_disabled: ['bounce'] },
    ],
    ['a member without a profile', { ...unconfirmed, profile: null }],
  ])('does not show for %s', async (_label, user) => {
    renderReminder(user as User | null);
    await screen.findByText('page content');
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('stays dismissed once closed, also after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderReminder(unconfirmed);
    await user.click(await screen.findByRole('button', { name: 'Melding sluiten' }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    unmount();

    renderReminder(unconfirmed);
    await screen.findByText('page content');
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it('resends the activation mail and corrects the address', async () => {
    const { calls } = mockFetch({
      'POST /api/activation-mail.php': (call) =>
        jsonResponse(200, {
          email: (call.body as ActivationMailRequest).email ?? 'sanne@example.com',
        } satisfies EmailResponse),
    });
    const user = userEvent.setup();
    renderReminder(unconfirmed);
    await user.click(await screen.findByRole('button', { name: 'Activatiemail opnieuw sturen' }));
    expect(
      await screen.findByText('We hebben een activatiemail gestuurd naar sanne@example.com.'),
    ).toBeInTheDocument();
    expect(calls[0].body).toEqual({});

    await user.click(screen.getByRole('button', { name: 'E-mailadres wijzigen' }));
    const input = screen.getByLabelText('Juiste e-mailadres');
    await user.type(input, 'sanne');
    await user.click(screen.getByRole('button', { name: 'Opslaan en versturen' }));
    expect(await screen.findByText('Nieuw e-mailadres invalide.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'sanne@example.org');
    await user.click(screen.getByRole('button', { name: 'Opslaan en versturen' }));
    expect(
      await screen.findByText('We hebben een activatiemail gestuurd naar sanne@example.org.'),
    ).toBeInTheDocument();
    expect(calls[1].body).toEqual({ email: 'sanne@example.org' });
    // each mail its own Idempotency-Key: the server sends one mail per key
    const keys = calls.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
