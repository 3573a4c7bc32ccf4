import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { useChats } from '../api/chats';
import { useLikes } from '../api/likes';
import { userQueryKey, useUser } from '../api/user';
import { userFixture } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/http';
import { useRefreshSchedule } from './refresh';

function mockApi() {
  return mockFetch({
    'GET /api/user.php': () => jsonResponse(200, { user: userFixture }),
    'GET /api/chats.php': () => jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    'GET /api/likes.php': () =>
      jsonResponse(200, { profiles: [], likes: [], liked_by: [], new_likes: 0 }),
  });
}

/** The three queries on screen, and the schedule for member `memberId`. */
function renderSchedule(memberId: number | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userQueryKey, { user: userFixture });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    ({ id }: { id: number | null }) => {
      useUser();
      useChats();
      useLikes();
      useQuery({ queryKey: ['unrelated'], queryFn: () => 1 });
      useRefreshSchedule(id);
    },
    { wrapper, initialProps: { id: memberId } },
  );
}

function reloads(calls: { url: string }[]) {
  return {
    user: calls.filter((call) => call.url === '/api/user.php').length,
    chats: calls.filter((call) => call.url === '/api/chats.php').length,
    likes: calls.filter((call) => call.url === '/api/likes.php').length,
  };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('the refresh schedule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('reloads user, chats and likes 5 s after load, then every 60 s', async () => {
    const { calls } = mockApi();
    renderSchedule(1);
    await advance(0);
    // the first load of chats and likes (the user was already there)
    expect(reloads(calls)).toEqual({ user: 0, chats: 1, likes: 1 });
    await advance(4_999);
    expect(reloads(calls)).toEqual({ user: 0, chats: 1, likes: 1 });
    await advance(1);
    expect(reloads(calls)).toEqual({ user: 1, chats: 2, likes: 2 });
    await advance(59_999);
    expect(reloads(calls)).toEqual({ user: 1, chats: 2, likes: 2 });
    await advance(1);
    expect(reloads(calls)).toEqual({ user: 2, chats: 3, likes: 3 });
    await advance(60_000);
    expect(reloads(calls)).toEqual({ user: 3, chats: 4, likes: 4 });
  });

  it('reloads every 300 s while the browser holds a push subscription', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve({}) } }),
      },
    });
    const { calls } = mockApi();
    renderSchedule(1);
    await advance(5_000);
    expect(reloads(calls).user).toBe(1);
    await advance(60_000);
    expect(reloads(calls).user).toBe(1);
    await advance(240_000);
    expect(reloads(calls).user).toBe(2);
  });

  it('treats a service worker without a push subscription as not subscribed', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(null) } }),
      },
    });
    const { calls } = mockApi();
    renderSchedule(1);
    await advance(65_000);
    expect(reloads(calls).user).toBe(2);
  });

  it('does not run for a visitor and stops on logout', async () => {
    const { calls } = mockApi();
    const view = renderSchedule(null);
    await advance(10_000);
    expect(reloads(calls).user).toBe(0);
    view.rerender({ id: 1 });
    await advance(5_000);
    expect(reloads(calls).user).toBe(1);
    view.rerender({ id: null });
    await advance(600_000);
    expect(reloads(calls).user).toBe(1);
  });
});
