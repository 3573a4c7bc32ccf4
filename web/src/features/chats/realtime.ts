/**
 * The one place the chats feature reaches the realtime module (web/src/realtime), so that its
 * arrival is a change of this file only. Until it lands these are inert stand-ins with its API.
 */
import { useEffect, useRef } from 'react';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';

/** Calls the latest `handler` for every `event` the server sends. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  void event;
}

/** Sends a client event (typing, delivered) when connected; a no-op otherwise. */
export function useRealtimeEmit(): <E extends keyof ClientToServerEvents>(
  event: E,
  ...payload: Parameters<ClientToServerEvents[E]>
) => void {
  return () => undefined;
}

/** Runs `handler` after a reconnect that socket.io's state recovery did not recover. */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
}
