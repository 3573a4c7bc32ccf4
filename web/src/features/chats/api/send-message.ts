/**
 * Sending (message.php, message-photo.php), always with the caller's Idempotency-Key, and the
 * balance the answer brings.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { SendMessageRequest, SendMessageResponse } from '@app/contract';
import { ApiError, apiRequest } from '../../../api/client';
import { setCachedCredits } from '../../../api/user';
import type { ConversationTarget } from './chat';

/** A network failure or a server error: the same message may be sent again with the same key. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * POST /api/message.php with the message's key (kept until it is stored: usePendingKey), tried
 * once: the conversation offers the retry at once, with the same key.
 */
export function sendMessage(body: SendMessageRequest, key: string): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>('message', {
    method: 'POST',
    body,
    idempotencyKey: key,
    once: true,
  });
}

/** POST /api/message-photo.php: multipart with the target's field and the file in `photo`. */
export function sendPhoto(
  target: ConversationTarget,
  file: Blob,
  key: string,
): Promise<SendMessageResponse> {
  const form = new FormData();
  if ('conversation' in target) form.append('conversation', String(target.conversation));
  else form.append('member', String(target.member));
  form.append('photo', file, file instanceof File ? file.name : 'photo');
  return apiRequest<SendMessageResponse>('message-photo', {
    method: 'POST',
    body: form,
    idempotencyKey: key,
    once: true,
  });
}

/** The balance a send answered with goes straight into the navigation's credits entry. */
export function useApplyCredits() {
  const queryClient = useQueryClient();
  return (credits: number) => setCachedCredits(queryClient, credits);
}
