import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffAccount } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const renderConsole = consoleRenderer(createRoutes, admin);

describe('the staff accounts screen', () => {
  const moderator: StaffAccount = {
    id: 12,
    email: 'mod@vonkje.test',
    name: 'Mo',
    roles: ['moderator'],
    disabled: false,
    second_factor: true,
    locked: false,
    last_login_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
  };
  const me: StaffAccount = {
    ...moderator,
    id: 8,
    email: admin.email,
    name: 'Anna',
    roles: ['admin'],
  };

  it('creates a moderator and shows the one-time password once', async () => {
    const accounts = [me];
    const { calls } = renderConsole('/admin/staff', {
      'GET /api/staff/accounts': () => jsonResponse(200, { accounts }),
      'POST /api/staff/accounts': () => {
        const account = { ...moderator, id: 13, email: 'nieuw@vonkje.test', second_factor: false };
        accounts.push(account);
        return jsonResponse(201, { account, password: 'eenmalig-wachtwoord-123456789012' });
      },
    });
    expect(await screen.findByText('Jij')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mailadres'), {
      target: { value: 'nieuw@vonkje.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Account maken' }));
    expect(await screen.findByTestId('one-time-password')).toHaveProperty(
      'textContent',
      'eenmalig-wachtwoord-123456789012',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'nieuw@vonkje.test',
      roles: ['moderator'],
    });
    expect(await screen.findByText('Mo · nieuw@vonkje.test')).toBeTruthy();
  });

  it("shows the server's refusal when the last admin would be removed", async () => {
    renderConsole('/admin/staff', {
      'GET /api/staff/accounts': () => jsonResponse(200, { accounts: [me] }),
      'PUT /api/staff/accounts/8/roles': () =>
        jsonResponse(409, {
          error: 'last_admin',
          message: 'Dit kan niet: de site moet altijd een actieve beheerder houden.',
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rollen wijzigen' }));
    const form = screen.getAllByRole('group', { name: 'Rollen' }).at(-1)!;
    fireEvent.click(within(form).getByLabelText('Beheerder'));
    fireEvent.click(within(form).getByLabelText('Moderator'));
    fireEvent.click(screen.getByRole('button', { name: 'Rollen opslaan' }));
    expect(
      await screen.findByText('Dit kan niet: de site moet altijd een actieve beheerder houden.'),
    ).toBeTruthy();
  });

  it('asks before disabling an account and before resetting its second factor', async () => {
    const { calls } = renderConsole('/admin/staff', {
      'GET /api/staff/accounts': () => jsonResponse(200, { accounts: [me, moderator] }),
      'POST /api/staff/accounts/12/reset-second-factor': () =>
        jsonResponse(200, { account: { ...moderator, second_factor: false } }),
    });
    const row = (await screen.findByText(/mod@vonkje.test/)).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Tweestapsverificatie resetten' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Ja, doorgaan' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/api/staff/accounts/12/reset-second-factor'))).toBe(
        true,
      ),
    );
  });

  it('marks a staff member kept out by others as locked and lifts the lock, after asking', async () => {
    const { calls } = renderConsole('/admin/staff', {
      'GET /api/staff/accounts': () =>
        jsonResponse(200, { accounts: [me, { ...moderator, locked: true }] }),
      'POST /api/staff/accounts/12/unlock': () => jsonResponse(200, { account: moderator }),
    });
    const row = (await screen.findByText(/mod@vonkje.test/)).closest('li')!;
    expect(within(row).getByTestId('sign-in-locked')).toHaveTextContent('Aanmelden geblokkeerd');
    const mine = screen.getByText(`Anna · ${admin.email}`).closest('li')!;
    expect(within(mine).queryByTestId('sign-in-locked')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Aanmeldblokkade opheffen' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Ja, doorgaan' }));
    expect(await within(row).findByText('De aanmeldblokkade is opgeheven.')).toBeTruthy();
    expect(within(row).queryByTestId('sign-in-locked')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/api/staff/accounts/12/unlock'))).toBe(true);
  });
});
