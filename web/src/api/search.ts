/** GET /api/search.php, a page at a time (React Query's infinite query over the cursor). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@app/contract';
import { apiRequest } from './client';

/** The filters as the URL and the API write them (all optional). */
export interface SearchFilters {
  gender?: string;
  country?: string;
  countryregion?: string;
  min_age?: string;
  max_age?: string;
  with_photo?: string;
  online?: string;
  distance?: string;
}

export const SEARCH_FILTER_KEYS = [
  'gender',
  'country',
  'countryregion',
  'min_age',
  'max_age',
  'with_photo',
  'online',
  'distance',
] as const satisfies readonly (keyof SearchFilters)[];

export const searchQueryOptions = (filters: SearchFilters, source: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: ['search', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SearchResponse>('search', {
        query: { ...filters, ...source, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // the state survives navigation: coming back shows the pages already loaded
    staleTime: 60_000,
  });

export function useSearch(
  filters: SearchFilters,
  source: Record<string, string>,
  enabled: boolean,
) {
  return useInfiniteQuery({ ...searchQueryOptions(filters, source), enabled });
}
