import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutes } from '../../../app/router';
import { PAGE_BOUNCE_KEY, usePageBounceLogging } from '../../../app/page-bounce';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';
import { likePopupDelay } from './LikePopup';

const suggestion = { ...profileCardFixture, id: 33, name: 'Fleur', fictional: false };

describe('the like popup (?t=<seconds>)', () => {
  it('takes t out of the URL at once and opens after the delay with a member to like', async () => {
    const { calls } = mockFetch({
      'GET /api/signup-matches.php': () => jsonResponse(200, { profiles: [suggestion] }),
      'GET /api/search.php': () =>
        jsonResponse(200, {
          profiles: [],
          next_cursor: null,
          num_results: 0,
          num_results_capped: false,
          similar: null,
        }),
      'POST /api/like.php': () => jsonResponse(200, { liked: true, match: false }),
    });
    const queryClient = seededQueryClient(userFixture);
    const { router } = renderRoutes(createRoutes(queryClient), {
      path: '/members?gender=male&t=1',
      queryClient,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?gender=male'));
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

  it('reads only whole seconds up to an hour', () => {
    expect(likePopupDelay('5')).toBe(5);
    expect(likePopupDelay('3600')).toBe(3600);
    expect(likePopupDelay('3601')).toBeNull();
    expect(likePopupDelay('1e3')).toBeNull();
    expect(likePopupDelay(null)).toBeNull();
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
