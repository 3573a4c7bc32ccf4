/** The persona panel's calls: the partner's sheet, notes per conversation, canned replies. */
import { queryOptions } from '@tanstack/react-query';
import type {
  CannedRepliesResponse,
  CannedReplyRequest,
  CannedReplyResponse,
  ConversationNotesResponse,
  PersonaPanelResponse,
  PersonaRequest,
  PersonaResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** Not under ['admin', 'inbox']: a queue change need not reload the panel. */
export const personaPanelKey = (conversationId: number) =>
  [...ADMIN_KEY, 'persona-panel', conversationId] as const;

export const personaPanelQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: personaPanelKey(conversationId),
    queryFn: ({ signal }) =>
      apiRequest<PersonaPanelResponse>(`staff/inbox/${conversationId}/persona`, { signal }),
  });

export const writePersona = (partnerId: number, body: PersonaRequest) =>
  apiRequest<PersonaResponse>(`staff/partners/${partnerId}/persona`, { method: 'PUT', body });

export const addPersonaFact = (partnerId: number, body: string) =>
  apiRequest<PersonaResponse>(`staff/partners/${partnerId}/persona/facts`, {
    method: 'POST',
    body: { body },
  });

export const removePersonaFact = (partnerId: number, factId: number) =>
  apiRequest<PersonaResponse>(`staff/partners/${partnerId}/persona/facts/${factId}`, {
    method: 'DELETE',
  });

export const addConversationNote = (conversationId: number, body: string) =>
  apiRequest<ConversationNotesResponse>(`staff/inbox/${conversationId}/notes`, {
    method: 'POST',
    body: { body },
  });

export const createCannedReply = (partnerId: number, body: CannedReplyRequest) =>
  apiRequest<CannedReplyResponse>(`staff/partners/${partnerId}/canned-replies`, {
    method: 'POST',
    body,
  });

export const deleteCannedReply = (replyId: number) =>
  apiRequest<CannedRepliesResponse>(`staff/canned-replies/${replyId}`, { method: 'DELETE' });

/** A canned reply put into the reply box: the box's text kept, the reply after it. */
export function withCannedReply(current: string, reply: string): string {
  const kept = current.trimEnd();
  return kept ? `${kept} ${reply}` : reply;
}
