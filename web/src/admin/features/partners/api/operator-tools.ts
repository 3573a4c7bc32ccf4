/**
 * The operators' tools' calls (issue 38 item 5): the next conversation, the partner's photo
 * library and the gifts sent as the partner, and the admins' library editor.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  NextConversationResponse,
  OperatorGiftsResponse,
  OperatorReplyResponse,
  PartnerLibraryResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** Apart from ['admin', 'inbox'], which every 'queue:changed' reloads. */
const toolsKey = [...ADMIN_KEY, 'operator-tools'] as const;
const libraryKey = [...ADMIN_KEY, 'partners', 'library'] as const;

export const claimNextConversation = () =>
  apiRequest<NextConversationResponse>('staff/inbox/next', { method: 'POST' });

export const conversationLibraryQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: [...toolsKey, 'library', conversationId],
    queryFn: ({ signal }) =>
      apiRequest<PartnerLibraryResponse>(`staff/inbox/${conversationId}/library`, { signal }),
  });

export const operatorGiftsQueryOptions = () =>
  queryOptions({
    queryKey: [...toolsKey, 'gifts'],
    queryFn: ({ signal }) => apiRequest<OperatorGiftsResponse>('staff/inbox/gifts', { signal }),
    staleTime: 60_000,
  });

export const sendLibraryPhoto = (conversationId: number, photo: number, idempotencyKey: string) =>
  apiRequest<OperatorReplyResponse>(`staff/inbox/${conversationId}/photo`, {
    method: 'POST',
    body: { photo },
    idempotencyKey,
  });

export const sendGift = (conversationId: number, gift: number, idempotencyKey: string) =>
  apiRequest<OperatorReplyResponse>(`staff/inbox/${conversationId}/gift`, {
    method: 'POST',
    body: { gift },
    idempotencyKey,
  });

export const partnerLibraryQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: [...libraryKey, partnerId],
    queryFn: ({ signal }) =>
      apiRequest<PartnerLibraryResponse>(`staff/partners/${partnerId}/library`, { signal }),
  });

export const addLibraryPhoto = (partnerId: number, file: File) => {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest<PartnerLibraryResponse>(`staff/partners/${partnerId}/library`, {
    method: 'POST',
    body: form,
  });
};

export const removeLibraryPhoto = (partnerId: number, photo: number) =>
  apiRequest<PartnerLibraryResponse>(`staff/partners/${partnerId}/library/${photo}`, {
    method: 'DELETE',
  });
