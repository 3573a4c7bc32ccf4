/**
 * The member's sessions: GET /api/sessions.php lists where they are logged in, DELETE
 * /api/session.php {session} logs one out, DELETE /api/sessions.php logs out everywhere (this
 * browser included).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndSessionRequest, OkResponse, SessionsResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';
import { userQueryKey } from '../../../api/user';

export const sessionsQueryKey = ['sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => apiRequest<SessionsResponse>('sessions', { signal }),
    select: (data) => data.sessions,
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/session.php {session}. */
export function endSession(session: string): Promise<OkResponse> {
  const body: EndSessionRequest = { session };
  return apiRequest<OkResponse>('session', { method: 'DELETE', body });
}

/** DELETE /api/sessions.php. */
export function endAllSessions(): Promise<OkResponse> {
  return apiRequest<OkResponse>('sessions', { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Logs out everywhere; then this browser is logged out too (`onDone` goes to the login page). */
export function useEndAllSessions(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAllSessions,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, { user: null });
      queryClient.removeQueries({ queryKey: sessionsQueryKey });
      onDone();
    },
  });
}
