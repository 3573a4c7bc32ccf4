import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ChatsResponse, User } from '@app/contract';
import { createQueryClient } from '../../api/query-client';
import { settingsQueryKey } from '../../api/settings';
import { userQueryKey } from '../../api/user';
import { usePageTitle } from '../../components/usePageTitle';
import { settingsResponseFixture, userFixture } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/http';
import { setAppBadge } from '../app-badge';
import { useAttentionBadges } from './nav-counts';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};
const nav = navigator as BadgingNavigator;

function chats(unread: number, newLikes: number): ChatsResponse {
  return { chats: [], unread_messages: unread, new_likes: newLikes };
}

function renderShell(user: User | null, title = 'Leden zoeken') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(settingsQueryKey, settingsResponseFixture);
  queryClient.setQueryData(userQueryKey, { user });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    ({ page }: { page: string }) => {
      usePageTitle(page);
      useAttentionBadges();
    },
    { wrapper, initialProps: { page: title } },
  );
  return { ...view, queryClient };
}

describe('the page title and app badge', () => {
  afterEach(() => {
    Reflect.deleteProperty(nav, 'setAppBadge');
    Reflect.deleteProperty(nav, 'clearAppBadge');
  });

  it('put unread messages plus new likes in front of the page title and on the app icon', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chats(2, 1)) });
    nav.setAppBadge = jest.fn(() => Promise.resolve());
    nav.clearAppBadge = jest.fn(() => Promise.resolve());
    const view = renderShell(userFixture);
    await waitFor(() => expect(document.title).toBe('(3) Leden zoeken | Vonkje'));
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(3);
    // another page keeps the count in front of its own title
    view.rerender({ page: 'Likes' });
    expect(document.title).toBe('(3) Likes | Vonkje');
    // the count changes: chats.php read again
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chats(0, 0)) });
    await view.queryClient.invalidateQueries({ queryKey: ['chats'] });
    await waitFor(() => expect(document.title).toBe('Likes | Vonkje'));
    expect(nav.clearAppBadge).toHaveBeenCalled();
  });

  it('caps the title count at 99+', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, chats(100, 5)) });
    renderShell(userFixture);
    await waitFor(() => expect(document.title).toBe('(99+) Leden zoeken | Vonkje'));
  });

  it('shows no count to a visitor and asks nothing', async () => {
    const { calls } = mockFetch({});
    nav.setAppBadge = jest.fn(() => Promise.resolve());
    nav.clearAppBadge = jest.fn(() => Promise.resolve());
    renderShell(null, 'Inloggen');
    await waitFor(() => expect(document.title).toBe('Inloggen | Vonkje'));
    expect(calls).toHaveLength(0);
    expect(nav.setAppBadge).not.toHaveBeenCalled();
    expect(nav.clearAppBadge).toHaveBeenCalled();
  });

  it('ignores a browser that refuses the app badge, by rejection or by throwing', async () => {
    const rejected = jest.fn(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    nav.setAppBadge = rejected;
    expect(() => setAppBadge(4)).not.toThrow();
    expect(rejected).toHaveBeenCalledWith(4);
    nav.setAppBadge = () => {
      throw new Error('not supported');
    };
    expect(() => setAppBadge(4)).not.toThrow();
    Reflect.deleteProperty(nav, 'setAppBadge');
    expect(() => setAppBadge(4)).not.toThrow();
    // an unhandled rejection would fail the test run; give it the chance
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
