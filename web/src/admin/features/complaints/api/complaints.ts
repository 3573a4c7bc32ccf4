/** The complaints area's calls (contract api/staff-moderation.ts). */
import { queryOptions } from '@tanstack/react-query';
import type {
  ComplaintActionRequest,
  ComplaintDetailResponse,
  ComplaintStatus,
  ScamFlagActionBody,
  ScamFlagResponse,
  ScamQueueResponse,
  StaffInboxResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** Keys under ['admin', 'complaints']: the console socket's `queue:changed` reloads them. */
export const complaintsKey = [...ADMIN_KEY, 'complaints'] as const;

export const inboxQueryKey = (status: ComplaintStatus | undefined) =>
  [...complaintsKey, 'inbox', status ?? 'all'] as const;

export function fetchInbox(
  status: ComplaintStatus | undefined,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<StaffInboxResponse> {
  return apiRequest<StaffInboxResponse>('staff/complaints', {
    signal,
    query: { ...(status ? { status } : {}), ...(before ? { before: String(before) } : {}) },
  });
}

export const complaintQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...complaintsKey, 'one', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<ComplaintDetailResponse>(`staff/complaints/${id}`, { signal }),
  });

export function actOnComplaint(
  id: number,
  body: ComplaintActionRequest,
): Promise<ComplaintDetailResponse> {
  return apiRequest<ComplaintDetailResponse>(`staff/complaints/${id}/action`, {
    method: 'POST',
    body,
  });
}

/** The queue of messages the send's scan flagged (contract api/staff-scams.ts). */
export const scamsKey = [...ADMIN_KEY, 'scams'] as const;

export const scamQueueKey = (handled: boolean) => [...scamsKey, handled ? 'handled' : 'waiting'];

export function fetchScamQueue(
  handled: boolean,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<ScamQueueResponse> {
  return apiRequest<ScamQueueResponse>('staff/scams', {
    signal,
    query: { ...(handled ? { handled: '1' } : {}), ...(before ? { before: String(before) } : {}) },
  });
}

export function actOnScamFlag(
  messageId: number,
  body: ScamFlagActionBody,
): Promise<ScamFlagResponse> {
  return apiRequest<ScamFlagResponse>(`staff/scams/${messageId}/action`, { method: 'POST', body });
}
