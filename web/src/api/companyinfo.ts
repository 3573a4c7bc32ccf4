import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

export interface CompanyInfo {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string[] | string | null;
  vat_numbers: Record<string, string> | string[] | string | null;
  support_phone: string | null;
  /** Discount code offered to members about to delete their account. */
  delete_discount: string | number | null;
  added: string;
}

export const companyInfoQueryKey = ['companyinfo'] as const;

export function getCompanyInfo(signal?: AbortSignal): Promise<{ companyinfo: CompanyInfo | null }> {
  return apiRequest('companyinfo', { signal });
}

export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: companyInfoQueryKey,
    queryFn: ({ signal }) => getCompanyInfo(signal),
    select: (data) => data.companyinfo,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useCompanyInfo() {
  return useQuery(companyInfoQueryOptions());
}
