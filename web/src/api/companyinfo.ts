import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyInfoResponse } from '@app/contract';
import { apiRequest } from './client';

export function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfoResponse> {
  return apiRequest('companyinfo', { signal });
}

export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['companyinfo'] as const,
    queryFn: ({ signal }) => getCompanyInfo(signal),
    select: (data) => data.companyinfo,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The key, typed by its answer (a CompanyInfoResponse). */
export const companyInfoQueryKey = companyInfoQueryOptions().queryKey;

export function useCompanyInfo() {
  return useQuery(companyInfoQueryOptions());
}
