import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionsResponse } from '@app/contract';
import { apiRequest } from './client';

export function getRegions(signal?: AbortSignal): Promise<RegionsResponse> {
  return apiRequest('regions', { signal });
}

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['regions'] as const,
    queryFn: ({ signal }) => getRegions(signal),
    select: (data) => data.countries,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The key, typed by its answer (a RegionsResponse). */
export const regionsQueryKey = regionsQueryOptions().queryKey;

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
