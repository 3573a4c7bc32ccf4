/**
 * One conversation (chat.php): its newest page, read when it opens, and removing it (the shared
 * list, web/src/api/chats.ts, drops it at once). The other chat calls sit beside this file:
 * send-message.ts, read-marker.ts, catch-up.ts, gifts.ts, icebreakers.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatResponse, ChatsResponse } from '@app/contract';
import { ApiError, apiRequest } from '../../../api/client';
import { chatsQueryKey } from '../../../api/chats';

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
