/** GET /api/search.php, a page at a time (React Query's infinite query over the cursor). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchParams, SearchResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

/**
 * The filters as the URL and the API write them (all optional): the contract's search query as
 * sent, without the page's cursor and the visitor's traffic source.
 */
export type SearchFilters = Omit<SearchParams, 'cursor' | 'network' | 'ref'>;

/**
 * Every filter, once. A record rather than a list so that the compiler holds it to the
 * contract's query both ways (the schema itself would bring zod into the page's code).
 */
const FILTERS: Record<keyof SearchFilters, true> = {
  gender: true,
  country: true,
  countryregion: true,
  min_age: true,
  max_age: true,
  with_photo: true,
  online: true,
  verified: true,
  favourites: true,
  distance: true,
};

export const SEARCH_FILTER_KEYS = Object.keys(FILTERS) as (keyof SearchFilters)[];

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
