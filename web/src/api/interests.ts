import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

export interface Interest {
  id: number;
  slug: string;
  icon: string;
  kind: 'hobby' | 'tag' | string;
}

export const interestsQueryKey = ['interests'] as const;

export function getInterests(signal?: AbortSignal): Promise<{ interests: Interest[] }> {
  return apiRequest('interests', { signal });
}

export const interestsQueryOptions = () =>
  queryOptions({
    queryKey: interestsQueryKey,
    queryFn: ({ signal }) => getInterests(signal),
    select: (data) => data.interests,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Display names are the i18n keys `interests.<slug>`. */
export function useInterests() {
  return useQuery(interestsQueryOptions());
}
