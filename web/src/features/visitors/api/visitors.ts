/**
 * Who viewed my profile (issue 38 item 1): GET /api/visitors.php?page=N (premium members get the
 * visitors' cards, free members the count and the times only); PUT /api/visitor-settings.php
 * switches browsing unseen (premium members).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitorsResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export const visitorsQueryKey = ['visitors'] as const;

export const visitorsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...visitorsQueryKey, page] as const,
    queryFn: ({ signal }) => apiRequest<VisitorsResponse>('visitors', { query: { page }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { progress: true },
  });

export function useVisitors(page: number) {
  return useQuery(visitorsQueryOptions(page));
}
