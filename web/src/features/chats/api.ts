/**
 * The chat calls besides the shared list (web/src/api/chats.ts): one conversation (chat.php),
 * sending (message.php, message-photo.php; always with the caller's Idempotency-Key), the read
 * marker, catch-up, removing a conversation, the gift catalogue and the icebreakers.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatchUpResponse,
  ChatResponse,
  ChatsResponse,
  GiftsResponse,
  IcebreakersResponse,
  SendMessageRequest,
  SendMessageResponse,
} from '@app/contract';
import { ApiError, apiRequest } from '../../api/client';
import { chatsQueryKey } from '../../api/chats';
import { setCachedCredits } from '../../api/user';

/** Which conversation: by its id (/chats/{id}) or by the other member (/members/{id}/chat). */
export type ConversationTarget = { conversation: number } | { member: number };

export const chatQueryKey = (target: ConversationTarget) => ['chat', target] as const;

export function fetchChat(
  target: ConversationTarget,
  before?: number,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  return apiRequest<ChatResponse>('chat', { query: { ...target, before }, signal });
}

/**
 * The newest page of a conversation, read once when it opens: what follows comes by socket,
 * catch-up and older pages, merged into the page's own state.
 */
export function useChat(target: ConversationTarget) {
  return useQuery(
    queryOptions({
      queryKey: chatQueryKey(target),
      queryFn: ({ signal }) => fetchChat(target, undefined, signal),
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    }),
  );
}

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

/** POST /api/chat-read.php: read up to `seq` (the list's unread count drops to 0). */
export function markRead(conversation: number, seq: number): Promise<unknown> {
  return apiRequest('chat-read', { method: 'POST', body: { conversation, seq } });
}

/** GET /api/messages.php?since=: every message after `since`, asked again while `more`. */
export async function catchUp(since: number): Promise<CatchUpResponse['messages']> {
  const all: CatchUpResponse['messages'] = [];
  let from = since;
  for (;;) {
    const page = await apiRequest<CatchUpResponse>('messages', { query: { since: from } });
    all.push(...page.messages);
    if (!page.more || page.messages.length === 0) return all;
    from = page.messages[page.messages.length - 1].seq;
  }
}

/**
 * DELETE /api/chat.php {conversation}: the list drops it at once; on a server failure the
 * caller shows the error and the list reloads (SPEC point 4, Chats).
 */
export function useRemoveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: number) =>
      apiRequest('chat', { method: 'DELETE', body: { conversation } }),
    onMutate: async (conversation) => {
      await queryClient.cancelQueries({ queryKey: chatsQueryKey });
      queryClient.setQueryData<ChatsResponse>(chatsQueryKey, (data) =>
        data
          ? {
              ...data,
              chats: data.chats.filter((chat) => chat.conversation.id !== conversation),
            }
          : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatsQueryKey }),
  });
}

export function useGifts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['gifts'] as const,
    queryFn: ({ signal }) => apiRequest<GiftsResponse>('gifts', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useIcebreakers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['icebreakers'] as const,
    queryFn: ({ signal }) => apiRequest<IcebreakersResponse>('icebreakers', { signal }),
    staleTime: Infinity,
    enabled,
  });
}
