/**
 * The swipe game's calls: GET /api/swipe.php (candidates and today's likes left) and POST
 * /api/swipe.php (a like or a pass; a like beyond the day's limit is 429 swipe_limit_reached).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SwipeDecisionResponse, SwipeRequest, SwipeResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export const swipeQueryKey = ['swipe'] as const;

export const swipeQueryOptions = () =>
  queryOptions({
    queryKey: swipeQueryKey,
    queryFn: ({ signal }) => apiRequest<SwipeResponse>('swipe', { signal }),
    // decisions remove cards locally; a refetch behind the member's back would reshuffle them
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSwipeCandidates() {
  return useQuery(swipeQueryOptions());
}

export function decide(body: SwipeRequest): Promise<SwipeDecisionResponse> {
  return apiRequest<SwipeDecisionResponse>('swipe', { method: 'POST', body });
}

export function useSwipeDecision() {
  return useMutation({ mutationFn: decide });
}
