/**
 * The catalogue area's calls (admins): invite codes, discount codes, credit packages, gifts and
 * the company details. Each list is one query; a change answers with the changed item, and the
 * list is read again (a package's new version replaces the old one, so the server's list is the
 * truth). The create endpoints take no idempotency key: the forms are disabled while a create
 * is on its way, and a repeated code or slug is refused by the server (409 code_taken).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CompanyInfoValues,
  DiscountCreate,
  GiftChange,
  GiftCreate,
  InviteCreate,
  PackageChange,
  PackageCreate,
  StaffCompanyInfoResponse,
  StaffDiscount,
  StaffDiscountsResponse,
  StaffGift,
  StaffGiftsResponse,
  StaffInvite,
  StaffInvitesResponse,
  StaffPackage,
  StaffPackagesResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

const BASE = 'staff/catalogue';

export const catalogueKey = [...ADMIN_KEY, 'catalogue'] as const;
export const invitesKey = [...catalogueKey, 'invites'] as const;
export const discountsKey = [...catalogueKey, 'discounts'] as const;
export const packagesKey = [...catalogueKey, 'packages'] as const;
export const giftsKey = [...catalogueKey, 'gifts'] as const;
export const companyKey = [...catalogueKey, 'company'] as const;

export const invitesOptions = () =>
  queryOptions({
    queryKey: invitesKey,
    queryFn: ({ signal }) => apiRequest<StaffInvitesResponse>(`${BASE}/invites`, { signal }),
  });

export function createInvites(body: InviteCreate): Promise<StaffInvitesResponse> {
  return apiRequest<StaffInvitesResponse>(`${BASE}/invites`, { method: 'POST', body });
}

export function revokeInvite(id: number): Promise<{ invite: StaffInvite }> {
  return apiRequest<{ invite: StaffInvite }>(`${BASE}/invites/${id}/revoke`, { method: 'POST' });
}

export const discountsOptions = () =>
  queryOptions({
    queryKey: discountsKey,
    queryFn: ({ signal }) => apiRequest<StaffDiscountsResponse>(`${BASE}/discounts`, { signal }),
  });

export function createDiscount(body: DiscountCreate): Promise<{ discount: StaffDiscount }> {
  return apiRequest<{ discount: StaffDiscount }>(`${BASE}/discounts`, { method: 'POST', body });
}

export function deactivateDiscount(id: number): Promise<{ discount: StaffDiscount }> {
  return apiRequest<{ discount: StaffDiscount }>(`${BASE}/discounts/${id}/deactivate`, {
    method: 'POST',
  });
}

export const packagesOptions = () =>
  queryOptions({
    queryKey: packagesKey,
    queryFn: ({ signal }) => apiRequest<StaffPackagesResponse>(`${BASE}/packages`, { signal }),
  });

export function createPackage(body: PackageCreate): Promise<{ package: StaffPackage }> {
  return apiRequest<{ package: StaffPackage }>(`${BASE}/packages`, { method: 'POST', body });
}

export function changePackage(id: number, body: PackageChange): Promise<{ package: StaffPackage }> {
  return apiRequest<{ package: StaffPackage }>(`${BASE}/packages/${id}`, {
    method: 'PATCH',
    body,
  });
}

export const giftsOptions = () =>
  queryOptions({
    queryKey: giftsKey,
    queryFn: ({ signal }) => apiRequest<StaffGiftsResponse>(`${BASE}/gifts`, { signal }),
  });

export function createGift(body: GiftCreate): Promise<{ gift: StaffGift }> {
  return apiRequest<{ gift: StaffGift }>(`${BASE}/gifts`, { method: 'POST', body });
}

export function changeGift(id: number, body: GiftChange): Promise<{ gift: StaffGift }> {
  return apiRequest<{ gift: StaffGift }>(`${BASE}/gifts/${id}`, { method: 'PATCH', body });
}

export const companyOptions = () =>
  queryOptions({
    queryKey: companyKey,
    queryFn: ({ signal }) => apiRequest<StaffCompanyInfoResponse>(`${BASE}/company`, { signal }),
  });

export function changeCompany(body: CompanyInfoValues): Promise<StaffCompanyInfoResponse> {
  return apiRequest<StaffCompanyInfoResponse>(`${BASE}/company`, { method: 'PUT', body });
}
