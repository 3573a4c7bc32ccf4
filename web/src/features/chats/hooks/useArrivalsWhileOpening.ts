import { useRef } from 'react';
import type { ChatMessage } from '@app/contract';
import type { ConversationTarget } from '../api/chat';
import { useRealtimeEvent } from '../realtime';

/**
 * The messages of a conversation that arrive by socket while its newest page (chat.php) is
 * being read. The live view subscribes only once that page is in, so a message the server sent
 * between reading the page and the view's first render reached nobody: it showed in the chats
 * list but not in the open conversation until a reload. Listening from the moment the page is
 * asked for closes that gap; the live view merges these in by id (shown once).
 */
export function useArrivalsWhileOpening(target: ConversationTarget): readonly ChatMessage[] {
  const arrivals = useRef<ChatMessage[]>([]);
  useRealtimeEvent('message:new', ({ message }) => {
    const ours =
      'conversation' in target
        ? message.conversation_id === target.conversation
        : !message.mine && message.sender === target.member;
    if (ours) arrivals.current.push(message);
  });
  return arrivals.current;
}
