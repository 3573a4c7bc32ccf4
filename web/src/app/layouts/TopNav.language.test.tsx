import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { readLocaleCookie } from '../../i18n/choose-locale';
import { jsonResponse, mockFetch } from '../../test/http';
import { TopNav } from './TopNav';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { settingsResponseFixture, userFixture } from '../../test/fixtures';
import { settingsQueryKey } from '../../api/settings';
import type { Language, User } from '@app/contract';

/** Seeded queries with the site offering these languages. */
function offering(languages: Language[], user: User | null = null) {
  const queryClient = seededQueryClient(user);
  queryClient.setQueryData(settingsQueryKey, {
    ...settingsResponseFixture,
    settings: { ...settingsResponseFixture.settings, languages_offered: languages },
  });
  return queryClient;
}

describe("the navigation's language dropdown", () => {
  afterEach(async () => {
    document.cookie = 'locale=; path=/; max-age=0';
    await i18n.changeLanguage('nl');
  });

  it('offers a visitor the seven languages and the language page', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderRoutes(<TopNav />);
    const nav = await screen.findByRole('navigation');
    await user.click(within(nav).getByRole('button', { name: /^NL\s*, Taal/ }));
    const items = within(nav)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('lang'));
    expect(items.map((item) => item.textContent)).toEqual([
      'Nederlands',
      'English',
      'Deutsch',
      'Español',
      'Français',
      'Italiano',
      'Polski',
    ]);
    expect(within(nav).getByRole('link', { name: 'Taalinstelling' })).toHaveAttribute(
      'href',
      '/lang-config',
    );
    await user.click(within(nav).getByRole('button', { name: 'Français' }));
    expect(await within(nav).findByRole('button', { name: /^FR/ })).toBeInTheDocument();
    expect(readLocaleCookie()).toBe('fr');
  });

  it("saves a member's choice to the account, as the language page does", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
      'PUT /api/user.php': () => jsonResponse(200, { user: { ...userFixture, language: 'pl' } }),
    });
    renderRoutes(<TopNav />, { queryClient: seededQueryClient(userFixture) });
    const nav = await screen.findByRole('navigation');
    await user.click(within(nav).getByRole('button', { name: /^NL\s*, Taal/ }));
    await user.click(within(nav).getByRole('button', { name: 'Polski' }));
    expect(await within(nav).findByRole('button', { name: /^PL/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { language: 'pl' },
    ]);
  });

  it('has no language menu when the site offers Dutch only (a new site), for visitors and members', async () => {
    mockFetch({
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
    const visitor = renderRoutes(<TopNav />, { queryClient: offering(['nl']) });
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Inloggen' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Taal/ })).not.toBeInTheDocument();
    visitor.unmount();

    renderRoutes(<TopNav />, { queryClient: offering(['nl'], userFixture) });
    const memberNav = await screen.findByRole('navigation');
    expect(await within(memberNav).findByRole('link', { name: /Berichten/ })).toBeInTheDocument();
    expect(within(memberNav).queryByRole('button', { name: /Taal/ })).not.toBeInTheDocument();
  });

  it('offers just the languages the site offers, in its order', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderRoutes(<TopNav />, { queryClient: offering(['nl', 'pl', 'en']) });
    const nav = await screen.findByRole('navigation');
    await user.click(within(nav).getByRole('button', { name: /^NL\s*, Taal/ }));
    const items = within(nav)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('lang'));
    expect(items.map((item) => item.textContent)).toEqual(['Nederlands', 'English', 'Polski']);
  });
});
