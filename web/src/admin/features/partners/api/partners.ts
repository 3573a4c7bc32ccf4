/** The chat partners' calls: the admins' editor, the operators' inbox (the reply times: shared/api). */
import { queryOptions } from '@tanstack/react-query';
import type {
  ChatPartnerRequest,
  ChatPartnerResponse,
  ChatPartnersResponse,
  CitiesResponse,
  InboxConversationResponse,
  InboxResponse,
  OperatorNotesResponse,
  OperatorReplyResponse,
  RegionsResponse,
  VulnerableRequest,
  VulnerableResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** The inbox's queries start with ['admin', 'inbox']: 'queue:changed' reloads them. */
export const inboxKey = [...ADMIN_KEY, 'inbox'] as const;
export const partnersKey = [...ADMIN_KEY, 'partners'] as const;

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey,
    queryFn: ({ signal }) => apiRequest<InboxResponse>('staff/inbox', { signal }),
  });

/**
 * The conversation the operator holds, read again without taking or extending the hold: under
 * the inbox's key, so 'queue:changed' reloads it; never stale on its own (the open or the
 * claim that took the hold put its first answer there).
 */
export const conversationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...inboxKey, 'conversation', id],
    queryFn: ({ signal }) => apiRequest<InboxConversationResponse>(`staff/inbox/${id}`, { signal }),
    staleTime: Infinity,
    retry: false,
  });

/** The conversation page's router state when a claim ("next conversation") took the hold. */
export const CLAIMED = { held: true } as const;

/** Takes (or extends) the operator's hold on a conversation: a mutation, once per visit. */
export const openConversation = (id: number) =>
  apiRequest<InboxConversationResponse>(`staff/inbox/${id}/open`, { method: 'POST' });

export const takeOverConversation = (id: number) =>
  apiRequest<InboxConversationResponse>(`staff/inbox/${id}/take-over`, { method: 'POST' });

export const replyInConversation = (id: number, text: string, idempotencyKey: string) =>
  apiRequest<OperatorReplyResponse>(`staff/inbox/${id}/reply`, {
    method: 'POST',
    body: { text },
    idempotencyKey,
  });

export const addNote = (memberUserId: number, body: string) =>
  apiRequest<OperatorNotesResponse>(`staff/inbox/members/${memberUserId}/notes`, {
    method: 'POST',
    body: { body },
  });

export const setVulnerable = (memberUserId: number, body: VulnerableRequest) =>
  apiRequest<VulnerableResponse>(`staff/inbox/members/${memberUserId}/vulnerable`, {
    method: 'PUT',
    body,
  });

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: partnersKey,
    queryFn: ({ signal }) => apiRequest<ChatPartnersResponse>('staff/partners', { signal }),
  });

export const partnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...partnersKey, id],
    queryFn: ({ signal }) => apiRequest<ChatPartnerResponse>(`staff/partners/${id}`, { signal }),
  });

export const savePartner = (id: number | null, body: ChatPartnerRequest) =>
  id === null
    ? apiRequest<ChatPartnerResponse>('staff/partners', { method: 'POST', body })
    : apiRequest<ChatPartnerResponse>(`staff/partners/${id}`, { method: 'PUT', body });

export const addPartnerPhoto = (id: number, file: File) => {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest<ChatPartnerResponse>(`staff/partners/${id}/photos`, {
    method: 'POST',
    body: form,
  });
};

export const removePartnerPhoto = (id: number, photo: number) =>
  apiRequest<ChatPartnerResponse>(`staff/partners/${id}/photos/${photo}`, { method: 'DELETE' });

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'regions'],
    queryFn: ({ signal }) => apiRequest<RegionsResponse>('regions', { signal }),
    staleTime: Infinity,
  });

export const citiesQueryOptions = (region: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'cities', region],
    queryFn: ({ signal }) => apiRequest<CitiesResponse>('cities', { signal, query: { region } }),
    staleTime: Infinity,
    enabled: region > 0,
  });
