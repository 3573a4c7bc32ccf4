/**
 * Boosts (issue 38 item 3): GET /api/boost.php (the running boost, the price, the free weekly
 * boost) and POST /api/boost.php, which buys one with the caller's Idempotency-Key: the page
 * keeps one key per intended boost until it succeeds (`useKeyedCall`), so a press after a lost
 * answer buys and charges once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoostPurchaseResponse, BoostStatusResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export const boostQueryKey = ['boost'] as const;

export const boostQueryOptions = () =>
  queryOptions({
    queryKey: boostQueryKey,
    queryFn: ({ signal }) => apiRequest<BoostStatusResponse>('boost', { signal }),
    staleTime: 0,
    meta: { progress: true },
  });

export function useBoostStatus() {
  return useQuery(boostQueryOptions());
}

/** POST /api/boost.php with the boost's key (one key, one boost however often sent). */
export function buyBoost(_intent: 'boost', key: string): Promise<BoostPurchaseResponse> {
  return apiRequest<BoostPurchaseResponse>('boost', {
    method: 'POST',
    body: {},
    idempotencyKey: key,
  });
}
