import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_EMIT_MS, TYPING_SHOW_MS } from '../../../config/constants';
import { useRealtimeEmit, useRealtimeEvent } from '../realtime';

/**
 * The typing indicator of a conversation: shown for TYPING_SHOW_MS after the other member's
 * `typing` event (gone at once when their message arrives: `stop`), and `onTyping` emits the
 * member's own `typing` at most every TYPING_EMIT_MS.
 */
export function useTypingIndicator(conversationId: number | null) {
  const emit = useRealtimeEmit();
  /** When the other member's last typing event came (0: not typing). */
  const [typingAt, setTypingAt] = useState(0);
  const lastTypingEmit = useRef(0);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;

  useRealtimeEvent('typing', (event) => {
    if (event.conversation_id !== conversationRef.current) return;
    setTypingAt(Date.now());
  });

  // the indicator goes when its time is up
  useEffect(() => {
    if (!typingAt) return;
    const timer = setTimeout(() => setTypingAt(0), TYPING_SHOW_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);

  const onTyping = () => {
    const now = Date.now();
    if (conversationId === null || now - lastTypingEmit.current < TYPING_EMIT_MS) return;
    lastTypingEmit.current = now;
    emit('typing', { conversation_id: conversationId });
  };

  const stop = useCallback(() => setTypingAt(0), []);
  return { typing: typingAt > 0, typingAt, onTyping, stop };
}
