import { useQuery } from '@tanstack/react-query';
import type { LanderName, LandersResponse } from '@app/contract';
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

/** How many members each lander shows (`member`: the member landings' others). */
export const LANDER_COUNTS: Record<LanderName | 'member', number> = {
  tinderswipe: 8,
  alonetonight: 12,
  collagelanding: 9,
  gallery: 12,
  iconslanding: 4,
  maplanding: 24,
  socialnetwork: 6,
  transitionsvideolanding: 4,
  video: 4,
  member: 8,
};
