import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SITE_ENTRY_SKIP_KEY } from '@app/contract/cookies';
import type { User } from '@app/contract';
import { SiteEntryWarning } from './SiteEntryWarning';
import { LanderLayout } from '../../app/layouts/LanderLayout';
import { ChatLayout } from '../../app/layouts/ChatLayout';
import { settingsQueryKey } from '../../api/settings';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { settingsResponseFixture, userFixture } from '../../test/fixtures';
import { jsonResponse, mockFetch, mockMediaQueries } from '../../test/http';

function client(
  { country = 'NL', enabled = true }: { country?: string; enabled?: boolean } = {},
  user: User | null = null,
) {
  const queryClient = seededQueryClient(user);
  queryClient.setQueryData(settingsQueryKey, {
    ...settingsResponseFixture,
    settings: {
      ...settingsResponseFixture.settings,
      geoip_country: country,
      enable_site_entry_popup: enabled,
    },
  });
  return queryClient;
}

const warning = () => screen.queryByRole('alertdialog', { name: 'Alleen voor volwassenen' });

describe('the site-entry warning (SPEC point 2, popups)', () => {
  // the lazily loaded modal and its texts, loaded once: from then on a warning that shows is in
  // the document as soon as it renders, so one that is not there after the render did not show
  beforeAll(async () => {
    mockMediaQueries(() => false);
    const { unmount } = renderRoutes(<SiteEntryWarning installedApp={false} />, {
      queryClient: client(),
    });
    await screen.findByRole('alertdialog', { name: 'Alleen voor volwassenen' });
    unmount();
  });

  it('shows at once when its modal was loaded before (what the tests of its absence rely on)', () => {
    renderRoutes(<SiteEntryWarning installedApp={false} />, { queryClient: client() });
    expect(warning()).toBeInTheDocument();
  });

  beforeEach(() => {
    window.localStorage.clear();
    mockMediaQueries(() => false);
  });

  it.each(['NL', 'DE'])('shows to a logged-out visitor from %s', async (country) => {
    renderRoutes(<SiteEntryWarning installedApp={false} />, {
      queryClient: client({ country }),
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Alleen voor volwassenen' });
    expect(dialog).toHaveAccessibleDescription(/alleen bedoeld voor bezoekers van 18 jaar/);
    expect(dialog).toHaveTextContent('fictieve profielen (chatmaatjes)');
    expect(screen.getByRole('button', { name: 'Ik ben 18+, ga verder' })).toHaveFocus();
    expect(
      screen.getByRole('link', { name: 'Ik ben jonger dan 18, verlaat de site' }),
    ).toHaveAttribute('href', 'https://www.google.com/');
  });

  it('does not show to a logged-in member', async () => {
    renderRoutes(<SiteEntryWarning installedApp={false} />, {
      queryClient: client({}, userFixture),
    });
    expect(warning()).not.toBeInTheDocument();
  });

  it('does not show in the installed app', async () => {
    renderRoutes(<SiteEntryWarning installedApp />, { queryClient: client() });
    expect(warning()).not.toBeInTheDocument();
  });

  it('does not show when enable_site_entry_popup is off', async () => {
    renderRoutes(<SiteEntryWarning installedApp={false} />, {
      queryClient: client({ enabled: false }),
    });
    expect(warning()).not.toBeInTheDocument();
  });

  it.each(['US', 'BE', 'GB'])('does not show to a visitor from %s', async (country) => {
    renderRoutes(<SiteEntryWarning installedApp={false} />, {
      queryClient: client({ country }),
    });
    expect(warning()).not.toBeInTheDocument();
  });

  it('does not show again once this browser stored a skip timestamp', async () => {
    window.localStorage.setItem(SITE_ENTRY_SKIP_KEY, String(Date.now() - 60_000));
    renderRoutes(<SiteEntryWarning installedApp={false} />, { queryClient: client() });
    expect(warning()).not.toBeInTheDocument();
  });

  it('stores the skip timestamp when the visitor continues, and closes', async () => {
    const user = userEvent.setup();
    const before = Date.now();
    renderRoutes(<SiteEntryWarning installedApp={false} />, { queryClient: client() });
    await user.click(await screen.findByRole('button', { name: 'Ik ben 18+, ga verder' }));
    expect(warning()).not.toBeInTheDocument();
    const stored = Number(window.localStorage.getItem(SITE_ENTRY_SKIP_KEY));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
  });

  it('is answered, not dismissed: Escape keeps it open and stores nothing', async () => {
    const user = userEvent.setup();
    renderRoutes(<SiteEntryWarning installedApp={false} />, { queryClient: client() });
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(warning()).toBeInTheDocument();
    expect(window.localStorage.getItem(SITE_ENTRY_SKIP_KEY)).toBeNull();
  });

  it('keeps the keyboard focus inside the warning', async () => {
    const user = userEvent.setup();
    renderRoutes(<SiteEntryWarning installedApp={false} />, { queryClient: client() });
    const proceed = await screen.findByRole('button', { name: 'Ik ben 18+, ga verder' });
    await user.tab();
    expect(screen.getByRole('link', { name: /verlaat de site/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Algemene voorwaarden lezen' })).toHaveFocus();
    await user.tab();
    expect(proceed).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Algemene voorwaarden lezen' })).toHaveFocus();
  });

  it('shows in German to a visitor who reads the site in German', async () => {
    const { default: i18n } = await import('../../i18n');
    await i18n.changeLanguage('de');
    try {
      renderRoutes(<SiteEntryWarning installedApp={false} />, {
        queryClient: client({ country: 'DE' }),
      });
      expect(
        await screen.findByRole('alertdialog', { name: 'Nur für Erwachsene' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ich bin 18+, weiter' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('nl');
    }
  });

  describe('in the layouts', () => {
    beforeEach(() => {
      mockFetch({
        'GET /api/chats.php': () =>
          jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
      });
    });

    it('shows on the lander layout to a visitor from NL', async () => {
      renderRoutes([{ path: '/landers/gallery', element: <LanderLayout /> }], {
        path: '/landers/gallery',
        queryClient: client(),
      });
      expect(
        await screen.findByRole('alertdialog', { name: 'Alleen voor volwassenen' }),
      ).toBeInTheDocument();
    });

    it('shows on the chat layout to a visitor from DE', async () => {
      renderRoutes([{ path: '/members/:id/chat', element: <ChatLayout /> }], {
        path: '/members/12/chat',
        queryClient: client({ country: 'DE' }),
      });
      expect(
        await screen.findByRole('alertdialog', { name: 'Alleen voor volwassenen' }),
      ).toBeInTheDocument();
    });

    it('never shows on the lander layout in the installed app', async () => {
      mockMediaQueries((query) => query === '(display-mode: standalone)');
      renderRoutes([{ path: '/landers/gallery', element: <LanderLayout /> }], {
        path: '/landers/gallery',
        queryClient: client(),
      });
      await screen.findByRole('link', { name: 'Inloggen' });
      expect(warning()).not.toBeInTheDocument();
    });
  });
});
