import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlocksResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { blocksResponseFixture, userFixture } from '../../../test/fixtures';

function renderSettings(routes: Record<string, Responder>) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(userFixture);
  renderRoutes(createRoutes(queryClient), { path: '/account', queryClient });
  return { ...fetch, user: userEvent.setup() };
}

const section = async () =>
  within(await screen.findByRole('region', { name: 'Geblokkeerde leden' }));

describe('the blocked members in the settings', () => {
  it('lists each blocked member with the date and a link to the profile', async () => {
    renderSettings({ 'GET /api/blocks.php': () => jsonResponse(200, blocksResponseFixture) });
    const list = await section();
    const daan = await list.findByRole('link', { name: 'Profiel van Daan bekijken' });
    expect(daan).toHaveAttribute('href', '/members/12');
    expect(daan.closest('li')).toHaveTextContent('Geblokkeerd op 14 maart 2026');
    expect(list.getByRole('link', { name: 'Profiel van Joost bekijken' })).toHaveAttribute(
      'href',
      '/members/21',
    );
  });

  it('unblocks only after confirmation, through block.php, and reads the list again', async () => {
    let blocked: BlocksResponse = blocksResponseFixture;
    const { calls, user } = renderSettings({
      'GET /api/blocks.php': () => jsonResponse(200, blocked),
      'DELETE /api/block.php': () => {
        blocked = { blocked: blocksResponseFixture.blocked.slice(1) };
        return jsonResponse(200, { ok: true });
      },
    });
    const list = await section();
    await user.click(await list.findByRole('button', { name: 'Daan deblokkeren' }));
    let dialog = screen.getByRole('dialog', { name: 'Daan deblokkeren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(list.getByRole('button', { name: 'Daan deblokkeren' }));
    dialog = screen.getByRole('dialog', { name: 'Daan deblokkeren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, deblokkeren' }));
    expect(await list.findByRole('status')).toHaveTextContent('Daan is gedeblokkeerd.');
    const request = calls.find((call) => call.method === 'DELETE');
    expect(request?.body).toEqual({ member: 12 });
    expect(request?.headers['X-Request-Type']).toBe('client');
    expect(await list.findByRole('link', { name: 'Profiel van Joost bekijken' })).toBeVisible();
    expect(list.queryByRole('link', { name: 'Profiel van Daan bekijken' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when nobody is blocked', async () => {
    renderSettings({ 'GET /api/blocks.php': () => jsonResponse(200, { blocked: [] }) });
    expect(await (await section()).findByText('Je hebt niemand geblokkeerd.')).toBeVisible();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = renderSettings({
      'GET /api/blocks.php': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'x' })
          : jsonResponse(200, blocksResponseFixture),
    });
    const list = await section();
    const alert = await list.findByRole('alert');
    expect(alert).toHaveTextContent('De geblokkeerde leden konden niet worden geladen.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await list.findByRole('link', { name: 'Profiel van Daan bekijken' })).toBeVisible();
  });
});
