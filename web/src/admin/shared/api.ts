/**
 * The staff console's shared calls and keys (/api/staff/...; each area's own calls are in its
 * api/ folder), on the web's one request function (apiRequest: its errors, retries of what is
 * safe to repeat, X-Request-Type). Staff routes answer 403
 * `forbidden` to anyone without a staff session of the right role; the console then reads
 * /api/staff/me to tell a lost session (back to the sign-in) from a role.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ReplyTimesResponse, StaffMeResponse, StaffRoleName } from '@app/contract';
import { ApiError, apiRequest } from '../../api/client';

/** Every staff query key starts with this: signing out clears them all. */
export const ADMIN_KEY = ['admin'] as const;

export const staffMeQueryKey = [...ADMIN_KEY, 'me'] as const;

export const staffMeQueryOptions = () =>
  queryOptions({
    queryKey: staffMeQueryKey,
    queryFn: ({ signal }) => apiRequest<StaffMeResponse>('staff/me', { signal }),
    staleTime: 60_000,
  });

/** After signing out or losing the session: nothing of the console stays in the cache. */
export function forgetStaff(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ADMIN_KEY });
  queryClient.setQueryData<StaffMeResponse>(staffMeQueryKey, { staff: null });
}

/** Whether an error is the staff guard's refusal (no session, or not this role). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Whether an account with `has` may use an area for `allowed` (admins may use every one). */
export function mayUse(has: readonly StaffRoleName[], allowed: readonly StaffRoleName[]): boolean {
  return has.includes('admin') || allowed.some((role) => has.includes(role));
}

/**
 * GET /api/staff/figures/reply-times?days= (admins): the operators' reply times, median and 90th
 * percentile, per operator and per day. Shown by the figures dashboard and the chat partners'
 * page, so it lives here (areas do not use each other's calls).
 */
export const replyTimesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'reply-times', days] as const,
    queryFn: ({ signal }) =>
      apiRequest<ReplyTimesResponse>('staff/figures/reply-times', { signal, query: { days } }),
    staleTime: 60_000,
  });
