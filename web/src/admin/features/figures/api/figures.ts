import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AffiliateNetwork,
  AffiliateNetworkInput,
  FiguresRange,
  FiguresResponse,
  PostbackLogResponse,
  TrafficQuery,
  TrafficResponse,
} from '@app/contract';
import { apiRequest, apiUrl } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** GET /api/staff/figures?range= (admins); the figures change slowly: kept a minute. */
export const figuresQueryOptions = (range: FiguresRange) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'figures', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<FiguresResponse>('staff/figures', { signal, query: { range: String(range) } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The traffic report's request as the address and the API take it (filters left out when empty). */
export type TrafficParams = Partial<Record<keyof TrafficQuery, string>>;

/** GET /api/staff/traffic (admins): read from the rollup, kept a minute. */
export const trafficQueryOptions = (params: TrafficParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'traffic', params] as const,
    queryFn: ({ signal }) =>
      apiRequest<TrafficResponse>('staff/traffic', { signal, query: params }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** The address of the report's CSV (the same range and filters). */
export const trafficCsvUrl = (params: TrafficParams) => apiUrl('staff/traffic/report.csv', params);

const networksKey = [...ADMIN_KEY, 'affiliate-networks'] as const;

/** GET /api/staff/traffic/networks (admins). */
export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networksKey,
    queryFn: ({ signal }) =>
      apiRequest<{ networks: AffiliateNetwork[] }>('staff/traffic/networks', { signal }),
  });

/** POST (new) or PUT (change) a network's postback; audited on the server. */
export function saveNetwork(id: number | null, body: AffiliateNetworkInput) {
  return apiRequest<{ network: AffiliateNetwork }>(
    id === null ? 'staff/traffic/networks' : `staff/traffic/networks/${id}`,
    { method: id === null ? 'POST' : 'PUT', body },
  );
}

/** DELETE a network's postback; audited on the server. */
export function deleteNetwork(id: number) {
  return apiRequest<{ ok: true }>(`staff/traffic/networks/${id}`, { method: 'DELETE' });
}

/** GET /api/staff/traffic/postbacks: the log's first page, newest first. */
export const postbackLogQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'postbacks'] as const,
    queryFn: ({ signal }) => apiRequest<PostbackLogResponse>('staff/traffic/postbacks', { signal }),
    refetchInterval: 30_000,
  });

export const invalidateNetworks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: networksKey });
