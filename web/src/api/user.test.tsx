import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OkResponse, UserResponse } from '@app/contract';
import { logout, useLogout, userQueryKey } from './user';
import { seededQueryClient } from '../test/render';
import { userFixture } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/http';

describe('logout', () => {
  it('sends X-Request-Type: client with the GET, without which the server keeps the session', async () => {
    const { calls } = mockFetch({
      'GET /api/logout.php': () => jsonResponse(200, { ok: true } satisfies OkResponse),
    });
    await logout();
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url).toBe('/api/logout.php');
    expect(calls[0].headers['X-Request-Type']).toBe('client');
  });

  it('is not retried when the server fails', async () => {
    const { calls } = mockFetch({
      'GET /api/logout.php': () => jsonResponse(503, { error: 'unavailable', message: '' }),
    });
    await expect(logout()).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('forgets the member and moves on even when the server fails', async () => {
    mockFetch({
      'GET /api/logout.php': () => jsonResponse(503, { error: 'unavailable', message: '' }),
    });
    const queryClient = seededQueryClient(userFixture);
    const onDone = jest.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(onDone), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData<UserResponse>(userQueryKey)).toEqual({ user: null });
  });
});
