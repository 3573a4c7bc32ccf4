/**
 * The member's conversations: GET /api/chats.php lists them with the totals of the navigation
 * badges (unread messages, new likes). The chat list, the messages badge, the page title and the
 * installed app's badge all read this one query; the realtime socket invalidates it on
 * `chats:changed`, and it is polled as SPEC point 9 says (see the realtime module).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatsResponse } from '@app/contract';
import { apiRequest } from './client';

export const chatsQueryKey = ['chats'] as const;

export const chatsQueryOptions = () =>
  queryOptions({
    queryKey: chatsQueryKey,
    queryFn: ({ signal }) => apiRequest<ChatsResponse>('chats', { signal }),
    staleTime: 0,
    // the progress bar only on the first load (SPEC point 7, chats.php)
    meta: { progress: true },
  });

export function useChats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...chatsQueryOptions(), enabled });
}
