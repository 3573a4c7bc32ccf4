import { useQuery } from '@tanstack/react-query';
import type { LandersResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

/** The query of GET /api/landers.php with these parameters (a server-rendered page seeds it). */
export function landersQueryKey(count: number, member?: number | null) {
  return ['landers', count, member ?? null] as const;
}

/** A few visible members for a lander, and on a member landing that member (null: not visible). */
export function useLanderMembers(count: number, member?: number) {
  return useQuery({
    queryKey: landersQueryKey(count, member),
    queryFn: ({ signal }) =>
      apiRequest<LandersResponse>('landers', { query: { count, member }, signal }),
    staleTime: 60_000,
  });
}
