import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { PAGE_BOUNCE_KEY, usePageBounceLogging } from '../../../app/page-bounce';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { deferred, jsonResponse, mockFetch } from '../../../test/http';
import {
  profileCardFixture,
  settingsResponseFixture,
  userFixture,
  emptySearchResponseFixture,
} from '../../../test/fixtures';
import { settingsQueryKey } from '../../../api/settings';
import { SiteEntryWarning } from '../../site-entry';
import { LikePopup, likePopupDelay } from './LikePopup';
import { takeLikePopupDelay } from '../like-popup-delay';

const suggestion = { ...profileCardFixture, id: 33, name: 'Fleur', fictional: false };
/** The member's first match is Fleur; the search (visitors) finds no one. */
const suggestionRoutes = {
  'GET /api/signup-matches.php': () => jsonResponse(200, { profiles: [suggestion] }),
  'GET /api/search.php': () => jsonResponse(200, emptySearchResponseFixture),
};

describe('the like popup (?t=<seconds>)', () => {
  it('takes t out of the URL at once, keeping the other parameters and the hash, and opens after the delay with a member to like', async () => {
    const { calls } = mockFetch({
      ...suggestionRoutes,
      'POST /api/like.php': () => jsonResponse(200, { liked: true, match: false }),
    });
    const queryClient = seededQueryClient(userFixture);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: '/members?gender=male&t=1#results',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male'));
    expect(router.state.location.hash).toBe('#results');
    expect(screen.queryByTestId('like-popup')).toBeNull();
    const popup = await screen.findByTestId('like-popup', {}, { timeout: 3000 });
    expect(popup).toHaveTextContent('Fleur');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fleur liken' }));
    expect(await screen.findByText('Je hebt Fleur geliket!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.includes('/api/like.php'))?.body).toEqual(
      {
        member: 33,
      },
    );
  });

  it('keeps the keyboard in the dialog: the like button stays focused while busy, a second press sends nothing, then the confirmation takes the focus', async () => {
    const answer = deferred();
    const { calls } = mockFetch({
      ...suggestionRoutes,
      'POST /api/like.php': () => answer.promise,
    });
    const queryClient = seededQueryClient(userFixture);
    renderRoutes(createRoutes(queryClient), { path: '/members?t=1', queryClient });
    await screen.findByTestId('like-popup', {}, { timeout: 3000 });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Fleur liken' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    answer.resolve(jsonResponse(200, { liked: true, match: false }));
    const notice = await screen.findByText('Je hebt Fleur geliket!');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.includes('/api/like.php')),
    ).toHaveLength(1);
  });

  it('asks a visitor to sign up to like', async () => {
    mockFetch({
      'GET /api/search.php': () =>
        jsonResponse(200, {
          profiles: [suggestion],
          next_cursor: null,
          num_results: 1,
          num_results_capped: false,
          similar: null,
        }),
    });
    renderRoutes(createRoutes(seededQueryClient(null)), { path: '/?t=0' });
    const popup = await screen.findByTestId('like-popup');
    expect(popup).toHaveTextContent('Fleur');
    expect(
      screen.getByRole('link', { name: 'Meld je gratis aan om te liken' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fleur liken' })).toBeNull();
  });

  it('waits while the site-entry warning is on screen, and opens once the visitor answered it', async () => {
    const { calls } = mockFetch({
      'GET /api/search.php': () =>
        jsonResponse(200, {
          profiles: [suggestion],
          next_cursor: null,
          num_results: 1,
          num_results_capped: false,
          similar: null,
        }),
    });
    const queryClient = seededQueryClient(null);
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: {
        ...settingsResponseFixture.settings,
        geoip_country: 'NL',
        enable_site_entry_popup: true,
      },
    });
    window.localStorage.clear();
    // a lander's address from an ad: its time (0 s) comes while the warning is there
    renderRoutes(
      <>
        <SiteEntryWarning installedApp={false} />
        <LikePopup />
      </>,
      { queryClient, path: '/landers/video?t=0' },
    );
    const proceed = await screen.findByRole('button', { name: 'Ik ben 18+, ga verder' });
    // not even asked for a member while the warning is there
    expect(calls.some((c) => c.url.includes('/api/search.php'))).toBe(false);
    expect(screen.queryByTestId('like-popup')).toBeNull();
    await userEvent.setup().click(proceed);
    expect(await screen.findByTestId('like-popup')).toHaveTextContent('Fleur');
  });

  it('reads only whole seconds up to an hour', () => {
    expect(likePopupDelay('5')).toBe(5);
    expect(likePopupDelay('3600')).toBe(3600);
    expect(likePopupDelay('3601')).toBeNull();
    expect(likePopupDelay('1e3')).toBeNull();
    expect(likePopupDelay(null)).toBeNull();
  });
});

describe('taking t out of a public page’s address (no router there)', () => {
  const at = (address: string) => {
    const url = new URL(address, 'https://vonkje.test');
    const replaced: string[] = [];
    const history = {
      state: { kept: true },
      replaceState: (state: unknown, _unused: string, next?: string | URL | null) => {
        expect(state).toEqual({ kept: true });
        replaced.push(String(next));
      },
    };
    return { delay: takeLikePopupDelay(url, history), replaced };
  };

  it('removes t in place, keeping the other parameters and the hash, and gives its delay', () => {
    expect(at('/landers/video?network=ads&t=5&sub1=x#top')).toEqual({
      delay: 5,
      replaced: ['/landers/video?network=ads&sub1=x#top'],
    });
    expect(at('/?t=0')).toEqual({ delay: 0, replaced: ['/'] });
  });

  it('removes a t that is no delay too, without a popup', () => {
    expect(at('/members/12/landing?t=soon')).toEqual({
      delay: null,
      replaced: ['/members/12/landing'],
    });
  });

  it('leaves an address without t alone', () => {
    expect(at('/landers/video?network=ads')).toEqual({ delay: null, replaced: [] });
  });
});

function Bounce({ search }: { search: string }) {
  usePageBounceLogging(search);
  return null;
}

describe('page-bounce logging (?lb)', () => {
  const hide = () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
  };
  beforeEach(() => {
    window.sessionStorage.clear();
    navigator.sendBeacon = jest.fn(() => true);
  });

  it('sends the beacon with the page’s path when the page is hidden, for the rest of the session', async () => {
    window.history.pushState({}, '', '/landers/video/zomer?lb=1');
    const first = render(<Bounce search="?lb=1" />);
    hide();
    expect(navigator.sendBeacon).toHaveBeenCalledWith('/api/page-hidden.php', expect.any(Blob));
    const [, blob] = jest.mocked(navigator.sendBeacon).mock.calls[0] as [string, Blob];
    // the site sends no Referer: the path travels in the body
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual({ path: '/landers/video/zomer' });
    expect(window.sessionStorage.getItem(PAGE_BOUNCE_KEY)).toBe('1');
    first.unmount();
    render(<Bounce search="" />);
    hide();
    expect(navigator.sendBeacon).toHaveBeenCalledTimes(2);
  });

  it('sends nothing without lb', () => {
    render(<Bounce search="?ref=x" />);
    hide();
    expect(navigator.sendBeacon).not.toHaveBeenCalled();
  });
});
