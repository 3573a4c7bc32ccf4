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

export function getCountryRegions(country: string, signal?: AbortSignal): Promise<RegionsResponse> {
  return apiRequest('regions', { query: { country }, signal });
}

/** One country's region label and regions (GET /api/regions.php?country=). */
export const countryRegionsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: ['regions', country] as const,
    queryFn: ({ signal }) => getCountryRegions(country, signal),
    select: (data) => data.countries[0] ?? null,
    staleTime: Infinity,
  });

export function useCountryRegions(country: string) {
  return useQuery({ ...countryRegionsQueryOptions(country), enabled: country !== '' });
}
