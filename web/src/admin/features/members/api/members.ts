/**
 * The members area's calls (admins): search, a member's page, and the four actions. A credit
 * adjustment carries one Idempotency-Key per intended adjustment (kept until it succeeds), so
 * a retried click never books twice.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CreditAdjustmentRequest,
  CreditAdjustmentResponse,
  EndSessionsResponse,
  MemberSearchResponse,
  PaymentRefundRequest,
  PaymentRefundResponse,
  StaffMemberPage,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const membersKey = [...ADMIN_KEY, 'members'] as const;

export const memberSearchKey = (q: string) => [...membersKey, 'search', q] as const;

export function searchMembers(
  q: string,
  after: number | null,
  signal?: AbortSignal,
): Promise<MemberSearchResponse> {
  return apiRequest<MemberSearchResponse>('staff/members', {
    signal,
    query: { q, ...(after ? { after } : {}) },
  });
}

export const memberPageKey = (id: number) => [...membersKey, 'member', id] as const;

export const memberPageOptions = (id: number) =>
  queryOptions({
    queryKey: memberPageKey(id),
    queryFn: ({ signal }) => apiRequest<StaffMemberPage>(`staff/members/${id}`, { signal }),
  });

export function adjustCredits(
  id: number,
  body: CreditAdjustmentRequest,
  key: string,
): Promise<CreditAdjustmentResponse> {
  return apiRequest<CreditAdjustmentResponse>(`staff/members/${id}/credits`, {
    method: 'POST',
    body,
    idempotencyKey: key,
  });
}

/** An admin's refund of a payment (one Idempotency-Key per intended refund: it refunds once). */
export function refundPayment(
  id: number,
  payment: number,
  body: PaymentRefundRequest,
  key: string,
): Promise<PaymentRefundResponse> {
  return apiRequest<PaymentRefundResponse>(`staff/members/${id}/payments/${payment}/refund`, {
    method: 'POST',
    body,
    idempotencyKey: key,
  });
}

export function endSessions(id: number, reason: string): Promise<EndSessionsResponse> {
  return apiRequest<EndSessionsResponse>(`staff/members/${id}/end-sessions`, {
    method: 'POST',
    body: { reason },
  });
}

export function reactivate(id: number, reason: string): Promise<{ status: string }> {
  return apiRequest<{ status: string }>(`staff/members/${id}/reactivate`, {
    method: 'POST',
    body: { reason },
  });
}

export function erase(id: number, confirmId: string): Promise<{ status: 'purged' }> {
  return apiRequest<{ status: 'purged' }>(`staff/members/${id}/erase`, {
    method: 'POST',
    body: { confirm_id: confirmId },
  });
}
