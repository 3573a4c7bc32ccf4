import type { SearchParams } from '@app/contract';
import { SEARCH_FILTER_KEYS, type SearchFilters } from '../api/search';

/** The address parameter of a search the member cleared (filters, results and count empty). */
export const CLEARED = 'cleared';

/** The filters in the address, as written there (the server checks them). */
export function filtersOf(params: URLSearchParams): SearchFilters {
  const filters: Record<string, string> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as SearchFilters;
}

/** Filters as address parameters: the ones set, as strings. */
export function paramsOf(filters: SearchParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]),
  );
}

/**
 * What a visitor's search (/members) shows first, before anything of this browser is known:
 * the address's filters, else the visitor's country; null when the search was cleared. The
 * server renders this search's first page into the page (web/src/public, render.tsx) and the
 * browser takes it over with the same answer. The gender chosen at signup's first step is in
 * the browser's sessionStorage, which the server cannot read: the page reads it once it has
 * been taken over and searches again only when there is one (docs/features/public-entry.md).
 */
export function visitorFirstFilters(search: string, country: string): SearchFilters | null {
  const params = new URLSearchParams(search);
  if (params.has(CLEARED)) return null;
  const filters = filtersOf(params);
  if (Object.keys(filters).length > 0) return filters;
  return filtersOf(new URLSearchParams(paramsOf({ country: country || undefined })));
}
