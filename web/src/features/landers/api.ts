import { useQuery } from '@tanstack/react-query';
import type { LandersResponse } from '@app/contract';
import { apiRequest } from '../../api/client';

/** A few visible members for a lander, and on a member landing that member (null: not visible). */
export function useLanderMembers(count: number, member?: number) {
  return useQuery({
    queryKey: ['landers', count, member ?? null] as const,
    queryFn: ({ signal }) =>
      apiRequest<LandersResponse>('landers', { query: { count, member }, signal }),
    staleTime: 60_000,
  });
}
