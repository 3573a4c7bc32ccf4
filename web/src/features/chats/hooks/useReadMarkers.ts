import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatsResponse } from '@app/contract';
import { chatsQueryKey } from '../../../api/chats';
import { markRead } from '../api/read-marker';
import { highestReceivedSeq } from '../model/messages';
import { useRealtimeEmit, useRealtimeStatus } from '../realtime';

/**
 * The member's own markers of a conversation: `delivered` for what arrived (emitted once the
 * socket is up), and chat-read.php while the page is open and visible, which drops the list's
 * unread count and the badge at once.
 */
export function useReadMarkers(conversationId: number | null, messages: readonly ChatMessage[]) {
  const queryClient = useQueryClient();
  const emit = useRealtimeEmit();
  const connected = useRealtimeStatus() === 'connected';
  const readUpTo = useRef(0);
  const deliveredUpTo = useRef(0);
  const received = highestReceivedSeq(messages);

  useEffect(() => {
    if (!connected || conversationId === null || received <= deliveredUpTo.current) return;
    deliveredUpTo.current = received;
    emit('delivered', { conversation_id: conversationId, seq: received });
  }, [connected, conversationId, received, emit]);

  useEffect(() => {
    if (conversationId === null || received === 0) return;
    const read = () => {
      if (document.visibilityState !== 'visible' || received <= readUpTo.current) return;
      readUpTo.current = received;
      markRead(conversationId, received)
        .then(() => {
          // the list's count and the badge drop at once; the reload confirms them
          queryClient.setQueryData<ChatsResponse>(chatsQueryKey, (data) => {
            const entry = data?.chats.find((chat) => chat.conversation.id === conversationId);
            if (!data || !entry) return data;
            return {
              ...data,
              unread_messages: Math.max(0, data.unread_messages - entry.num_unread_messages),
              chats: data.chats.map((chat) =>
                chat === entry ? { ...chat, num_unread_messages: 0 } : chat,
              ),
            };
          });
          return queryClient.invalidateQueries({ queryKey: chatsQueryKey });
        })
        .catch(() => {
          readUpTo.current = 0; // tried again with the next message or visit
        });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [conversationId, received, queryClient]);
}
