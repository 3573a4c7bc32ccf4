import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestsResponse } from '@app/contract';
import { apiRequest } from './client';

export function getInterests(signal?: AbortSignal): Promise<InterestsResponse> {
  return apiRequest('interests', { signal });
}

export const interestsQueryOptions = () =>
  queryOptions({
    queryKey: ['interests'] as const,
    queryFn: ({ signal }) => getInterests(signal),
    select: (data) => data.interests,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The key, typed by its answer (an InterestsResponse). */
export const interestsQueryKey = interestsQueryOptions().queryKey;

/** Display names are the i18n keys `interests.<slug>`. */
export function useInterests() {
  return useQuery(interestsQueryOptions());
}
