import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../i18n';
import { readLocaleCookie } from '../../../i18n/choose-locale';
import { LanguagePage } from './LanguagePage';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/http';
import { userQueryKey } from '../../../api/user';
import { settingsQueryKey } from '../../../api/settings';
import { settingsResponseFixture } from '../../../test/fixtures';

const NATIVE = ['Nederlands', 'English', 'Deutsch', 'Español', 'Français', 'Italiano', 'Polski'];

function clearLocaleCookie() {
  document.cookie = 'locale=; path=/; max-age=0';
}

describe('the language page (/lang-config)', () => {
  beforeEach(clearLocaleCookie);
  afterEach(async () => {
    clearLocaleCookie();
    await i18n.changeLanguage('nl');
  });

  it('lists the seven languages by their own names and marks the current one', async () => {
    mockFetch({});
    renderRoutes(<LanguagePage />, { queryClient: seededQueryClient(userFixture) });
    const list = await screen.findByRole('list', { name: 'Talen' });
    const options = within(list).getAllByRole('button');
    expect(options.map((option) => option.querySelector('[lang]')?.textContent)).toEqual(NATIVE);
    expect(within(list).getByRole('button', { name: /Nederlands/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(list).getByRole('button', { name: /Deutsch/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // the other languages also by their Dutch names
    expect(within(list).getByRole('button', { name: /Deutsch\s*Duits/ })).toBeInTheDocument();
    expect(screen.getByTestId('lang-example')).toHaveTextContent('1.234,5');
  });

  it("saves a member's choice to the account and the cookie, and switches the page at once", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'PUT /api/user.php': (call) =>
        jsonResponse(200, {
          user: { ...userFixture, language: (call.body as { language: string }).language },
        }),
    });
    const { queryClient } = renderRoutes(<LanguagePage />, {
      queryClient: seededQueryClient(userFixture),
    });
    await user.click(await screen.findByRole('button', { name: /Deutsch/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spracheinstellung' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Deine Sprachwahl wurde gespeichert.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Deutsch/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('lang-example')).toHaveTextContent('29,95 €');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: expect.stringContaining('/api/user.php'),
        body: { language: 'de' },
      }),
    ]);
    expect(readLocaleCookie()).toBe('de');
    expect(i18n.language).toBe('de');
    expect(queryClient.getQueryData(userQueryKey)?.user?.language).toBe('de');
  });

  it("keeps a visitor's choice in the cookie only", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderRoutes(<LanguagePage />, { queryClient: seededQueryClient(null) });
    expect(
      await screen.findByText(/Log in om hem ook in je account op te slaan/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /English/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Language setting' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your language choice has been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(readLocaleCookie()).toBe('en');
  });

  it('says so when the account could not store the choice, which the page still shows', async () => {
    const user = userEvent.setup();
    mockFetch({
      'PUT /api/user.php': () =>
        jsonResponse(500, { error: 'internal_error', message: 'Er is een fout opgetreden' }),
    });
    renderRoutes(<LanguagePage />, { queryClient: seededQueryClient(userFixture) });
    await user.click(await screen.findByRole('button', { name: /Italiano/ }));
    expect(
      await screen.findByText(/non siamo riusciti a salvarla nel tuo account/),
    ).toBeInTheDocument();
    expect(readLocaleCookie()).toBe('it');
  });

  it('lists only the languages the site offers: Dutch alone on a new site', async () => {
    mockFetch({});
    for (const [offered, names] of [
      [['nl'], ['Nederlands']],
      [
        ['de', 'nl'],
        ['Nederlands', 'Deutsch'],
      ],
    ] as const) {
      const queryClient = seededQueryClient(userFixture);
      queryClient.setQueryData(settingsQueryKey, {
        ...settingsResponseFixture,
        settings: { ...settingsResponseFixture.settings, languages_offered: [...offered] },
      });
      const view = renderRoutes(<LanguagePage />, { queryClient });
      const list = await screen.findByRole('list', { name: 'Talen' });
      const options = within(list).getAllByRole('button');
      expect(options.map((option) => option.querySelector('[lang]')?.textContent)).toEqual(names);
      view.unmount();
    }
  });
});
