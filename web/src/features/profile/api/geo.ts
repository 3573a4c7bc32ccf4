/** Places: the cities of a region (the location selects) and the nearest city of a point. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CitiesResponse, GeocodeResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

export function getCities(regionId: number, signal?: AbortSignal): Promise<CitiesResponse> {
  return apiRequest<CitiesResponse>('cities', { query: { region: regionId }, signal });
}

export const citiesQueryOptions = (regionId: number) =>
  queryOptions({
    queryKey: ['cities', regionId] as const,
    queryFn: ({ signal }) => getCities(regionId, signal),
    select: (data) => data.cities,
    staleTime: Infinity,
  });

/** The cities of a region; nothing is asked while no region is chosen. */
export function useCities(regionId: number | null) {
  return useQuery({ ...citiesQueryOptions(regionId ?? 0), enabled: regionId !== null });
}

/**
 * GET /api/geocode.php: the nearest seeded city; 404 location_not_found far from any. The
 * coordinates go as plain decimals of 6 places (about 10 cm; never 1e-7 notation).
 */
export function geocode(lat: number, lon: number): Promise<GeocodeResponse> {
  return apiRequest<GeocodeResponse>('geocode', {
    query: { lat: lat.toFixed(6), lon: lon.toFixed(6) },
  });
}
