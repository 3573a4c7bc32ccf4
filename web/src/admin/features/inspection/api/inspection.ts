/** The inspection desk's calls (/api/staff/inspection/...): queues, claims, decisions, undo. */
import { queryOptions } from '@tanstack/react-query';
import type {
  ChatPhotoDecisionRequest,
  ChatPhotoDecisionResponse,
  ChatPhotoQueueResponse,
  InspectionDecisionResponse,
  InspectionStatsResponse,
  InspectionUndoResponse,
  PhotoNextResponse,
  TextNextResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export type InspectionKind = 'photos' | 'texts';

/** Under ['admin', <queue>]: the console's socket reloads it when the queue changes. */
export const inspectionStatsQueryOptions = (kind: InspectionKind) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, kind, 'stats'] as const,
    queryFn: ({ signal }) =>
      apiRequest<InspectionStatsResponse>('staff/inspection/stats', { signal }),
    refetchInterval: 60_000,
  });

export function claimNext(kind: 'photos', exclude: number[]): Promise<PhotoNextResponse>;
export function claimNext(kind: 'texts', exclude: number[]): Promise<TextNextResponse>;
export function claimNext(kind: InspectionKind, exclude: number[]) {
  return apiRequest(`staff/inspection/${kind}/next`, { method: 'POST', body: { exclude } });
}

export function decide(
  kind: InspectionKind,
  id: number,
  body: { action: 'approve' | 'reject'; reason?: string },
): Promise<InspectionDecisionResponse> {
  return apiRequest<InspectionDecisionResponse>(`staff/inspection/${kind}/${id}/decision`, {
    method: 'POST',
    body,
  });
}

export function undoDecision(decision: string): Promise<InspectionUndoResponse> {
  return apiRequest<InspectionUndoResponse>(`staff/inspection/decisions/${decision}/undo`, {
    method: 'POST',
  });
}

/** The flagged chat photos, under the photo queue's key: the socket's `photos` reloads it. */
export const chatPhotosQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'photos', 'chat'] as const,
    queryFn: ({ signal }) =>
      apiRequest<ChatPhotoQueueResponse>('staff/inspection/chat-photos', { signal }),
  });

export function decideChatPhoto(
  messageId: number,
  body: ChatPhotoDecisionRequest,
): Promise<ChatPhotoDecisionResponse> {
  return apiRequest<ChatPhotoDecisionResponse>(
    `staff/inspection/chat-photos/${messageId}/decision`,
    { method: 'POST', body },
  );
}
