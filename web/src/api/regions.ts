import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { RegionLabel } from './settings';

export interface Region {
  id: number;
  code: string;
  name: string;
}

export interface CountryRegions {
  code: string;
  region_label: RegionLabel;
  regions: Region[];
}

export const regionsQueryKey = ['regions'] as const;

export function getRegions(signal?: AbortSignal): Promise<{ countries: CountryRegions[] }> {
  return apiRequest('regions', { signal });
}

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: regionsQueryKey,
    queryFn: ({ signal }) => getRegions(signal),
    select: (data) => data.countries,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
