import { useCallback, useRef, useState } from 'react';
import type { ChatMessage, ChatResponse } from '@app/contract';
import { catchUp } from '../api/catch-up';
import { fetchChat } from '../api/chat';
import { highestSeq, mergeMessages } from '../model/messages';
import { useRealtimeEvent, useRealtimeFirstConnect, useRealtimeReconnect } from '../realtime';
import { useTypingIndicator } from './useTypingIndicator';

/**
 * A conversation's messages as they live on the page: the newest page first (chat.php), then
 * every arrival merged in by id (mergeMessages: the send's answer, `message:new`, older pages,
 * the catch-up after a reconnect), so a message is shown once however often it comes. Also the
 * other member's markers (how far they received and read the member's own messages) and their
 * typing, which their arriving message ends. On /members/{id}/chat without a conversation yet,
 * the first send's answer (`add`) or the partner's first message gives it its id. `arrivals`
 * are the messages that came while the newest page was being read (useArrivalsWhileOpening).
 */
export function useConversationMessages(
  initial: ChatResponse,
  arrivals: readonly ChatMessage[] = [],
) {
  const profileId = initial.profile.id;
  const [conversationId, setConversationId] = useState<number | null>(
    initial.conversation?.id ?? arrivals[0]?.conversation_id ?? null,
  );
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    mergeMessages(initial.messages, arrivals),
  );
  const [hasOlder, setHasOlder] = useState(initial.has_older);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const [markers, setMarkers] = useState({
    read: initial.conversation?.read_seq ?? 0,
    delivered: initial.conversation?.delivered_seq ?? 0,
  });
  const typing = useTypingIndicator(conversationId);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const merge = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming));
  }, []);

  /** A message of this conversation the member sent (the send's answer). */
  const add = useCallback(
    (message: ChatMessage) => {
      setConversationId(message.conversation_id);
      merge([message]);
    },
    [merge],
  );

  /** The page before the oldest message held; `beforeMerge` runs just before it goes in. */
  const loadOlder = useCallback(
    async (beforeMerge: () => void) => {
      if (loadingOlder || !hasOlder || conversationId === null || messages.length === 0) return;
      setLoadingOlder(true);
      setOlderError(false);
      try {
        const before = Math.min(...messages.map((message) => message.id));
        const page = await fetchChat({ conversation: conversationId }, before);
        beforeMerge();
        merge(page.messages);
        setHasOlder(page.has_older);
      } catch {
        setOlderError(true);
      } finally {
        setLoadingOlder(false);
      }
    },
    [conversationId, hasOlder, loadingOlder, merge, messages],
  );

  const retryOlder = (beforeMerge: () => void) => {
    setOlderError(false);
    void loadOlder(beforeMerge);
  };

  useRealtimeEvent('message:new', ({ message }) => {
    const current = conversationRef.current;
    const ours =
      current !== null
        ? message.conversation_id === current
        : !message.mine && message.sender === profileId;
    if (!ours) return;
    if (current === null) setConversationId(message.conversation_id);
    if (!message.mine) typing.stop();
    merge([message]);
  });
  useRealtimeEvent('read', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setMarkers((m) => (event.seq > m.read ? { ...m, read: event.seq } : m));
  });
  useRealtimeEvent('delivered', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setMarkers((m) => (event.seq > m.delivered ? { ...m, delivered: event.seq } : m));
  });
  /** The newest page again, with the read and delivered markers (the catch-up has no markers). */
  const refreshNewest = (current: number) => {
    void fetchChat({ conversation: current })
      .then((page) => {
        merge(page.messages);
        if (page.conversation) {
          const { read_seq: read, delivered_seq: delivered } = page.conversation;
          setMarkers((m) => ({
            read: Math.max(m.read, read),
            delivered: Math.max(m.delivered, delivered),
          }));
        }
      })
      .catch(() => undefined);
  };
  // the socket's first connect came after this conversation's load started: a message sent in
  // between reached neither, so the newest page is read once more (merged by id)
  useRealtimeFirstConnect(() => {
    const current = conversationRef.current;
    if (current !== null) refreshNewest(current);
  });
  useRealtimeReconnect(() => {
    const current = conversationRef.current;
    if (current === null) return;
    void catchUp(highestSeq(messagesRef.current))
      .then((missed) => merge(missed.filter((message) => message.conversation_id === current)))
      .catch(() => undefined);
    refreshNewest(current);
  });

  return {
    conversationId,
    messages,
    add,
    markers,
    typing,
    older: { has: hasOlder, loading: loadingOlder, error: olderError },
    loadOlder,
    retryOlder,
  };
}
