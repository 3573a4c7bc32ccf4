import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SettingsValues } from '@app/contract';
import { createRoutes } from '../../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../../test/render';
import { jsonResponse, mockFetch } from '../../../../test/http';
import { staffAdmin as admin } from '../../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../../test/staff-socket')>('../../../../test/staff-socket')
    .socketIoModule(),
);

const values: SettingsValues = {
  name: 'Vonkje',
  index_title: 'Daten',
  description: 'Een site',
  visible_profile_fields: ['gender', 'age'],
  visible_profile_notes: ['about'],
  search_fields: ['gender', 'country'],
  cdn_prefix: '/media/',
  message_credits: 10,
  signup_credits: 0,
  photo_credits: 15,
  gift_credits: 20,
  message_length: 1000,
  chat_history_days: 365,
  boost_credits: 50,
  visit_retention_days: 30,
  free_members_see_visitors: 'count',
  free_members_see_likes: 'count',
  minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } },
  support_email: 'support@vonkje.nl',
  support_phone: '+31 30 207 4455',
  enable_site_entry_popup: true,
  domain_language: 'nl-NL',
  domain_languages: {},
  languages_offered: ['nl'],
  fictional_warning: 'Let op',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  signups: 'all',
  signup_invite_only: false,
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
  partner_redirect_url: '',
  min_age: 18,
};

function renderSettings() {
  const http = mockFetch({
    'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
    'GET /api/staff/settings': () => jsonResponse(200, { settings: values }),
    'PUT /api/staff/settings': (call) =>
      jsonResponse(200, { settings: { ...values, ...(call.body as object) } }),
  });
  const queryClient = seededQueryClient();
  renderRoutes(createRoutes(queryClient), { path: '/admin/settings', queryClient });
  return http;
}

describe('the settings page (admins)', () => {
  it('sends only what changed, typed: a number, a switch and a list of fields', async () => {
    const { calls } = renderSettings();
    const credits = await screen.findByLabelText(/Minimaal tegoed per cadeau/);
    fireEvent.change(credits, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('switch', { name: /Profielen gedeeld met partnersites/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Haarkleur' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Opgeslagen.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      gift_credits: 35,
      member_resell: true,
      visible_profile_fields: ['gender', 'age', 'hair_color'],
    });
  });

  it('chooses what free members see of likes and visitors in the Premium group, with a line of help', async () => {
    const { calls } = renderSettings();
    const group = await screen.findByRole('group', { name: 'Premium' });
    const likes = within(group).getByRole('combobox', {
      name: /Gratis leden zien van wie hen leuk vindt/,
    });
    expect(likes).toHaveValue('count');
    expect(likes).toHaveAccessibleDescription(/Premium-leden zien altijd wie hen leuk vindt/);
    expect(
      within(likes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alleen het aantal (wie het is, is premium)', 'Alles, net als premium-leden']);
    fireEvent.change(likes, { target: { value: 'everything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Opgeslagen.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ free_members_see_likes: 'everything' });
  });

  it('refuses what the settings schema refuses, at the field, without sending it', async () => {
    const { calls } = renderSettings();
    const age = await screen.findByLabelText(/Minimumleeftijd/);
    fireEvent.change(age, { target: { value: '16' } });
    fireEvent.change(screen.getByLabelText(/Minimale kosten per bericht/), {
      target: { value: '{' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Geen geldige JSON.')).toBeInTheDocument();
    expect(age).toHaveClass('is-invalid');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(false));
  });

  it('offers the seven languages by their own names, Dutch always on, and sends the languages chosen', async () => {
    const { calls } = renderSettings();
    const group = await screen.findByRole('group', { name: /Aangeboden talen/ });
    const dutch = within(group).getByRole('checkbox', { name: 'Nederlands' });
    expect(dutch).toBeChecked();
    expect(dutch).toBeDisabled();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(group).getByRole('checkbox', { name: 'Deutsch' })).not.toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Opgeslagen.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ languages_offered: ['nl', 'en'] });
  });
});
