/**
 * The one place the chats feature reaches the socket, so that the realtime module's arrival
 * (web/src/realtime) is a change of this file only. Until then: a minimal socket of its own with
 * the same hooks (useRealtimeEvent, useRealtimeEmit, useRealtimeReconnect, useRealtimeStatus).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@app/contract';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: AppSocket | null = null;
let connectedBefore = false;
const reconnectHandlers = new Set<() => void>();

function appSocket(): AppSocket {
  if (!socket) {
    socket = io({ path: SOCKET_PATH, transports: ['websocket'], withCredentials: true });
    socket.on('connect', () => {
      if (connectedBefore && !socket?.recovered) reconnectHandlers.forEach((handler) => handler());
      connectedBefore = true;
    });
  }
  return socket;
}

/** Calls the latest `handler` for every `event` the server sends. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const s = appSocket() as unknown as Socket;
    const listener = (...args: unknown[]) =>
      (latest.current as unknown as (...a: unknown[]) => void)(...args);
    s.on(event as string, listener);
    return () => {
      s.off(event as string, listener);
    };
  }, [event]);
}

/** Sends a client event (typing, delivered) when connected; dropped otherwise. */
export function useRealtimeEmit(): <E extends keyof ClientToServerEvents>(
  event: E,
  ...payload: Parameters<ClientToServerEvents[E]>
) => void {
  return useCallback((event, ...payload) => {
    const s = appSocket();
    if (s.connected) (s as unknown as Socket).emit(event as string, ...payload);
  }, []);
}

/** Runs `handler` after a reconnect that socket.io's state recovery did not recover. */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const run = () => latest.current();
    reconnectHandlers.add(run);
    return () => {
      reconnectHandlers.delete(run);
    };
  }, []);
}

function subscribeStatus(onChange: () => void): () => void {
  const s = appSocket();
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
  };
}

/** 'connected' while the socket is up, else 'connecting'. */
export function useRealtimeStatus(): 'connecting' | 'connected' | 'disconnected' {
  return useSyncExternalStore(
    subscribeStatus,
    () => (appSocket().connected ? 'connected' : 'connecting'),
    () => 'disconnected',
  );
}
