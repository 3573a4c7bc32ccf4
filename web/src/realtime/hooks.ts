import { useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerToClientEvents } from '@app/contract';
import type { RealtimeEmit, RealtimeStatus, ServerEvent } from './connection';
import { RealtimeContext } from './RealtimeProvider';

/** Keeps the newest handler in a ref, so a subscription never has to be renewed for it. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Calls `handler` for each `event` from the server while the component is mounted (always the
 * handler of the latest render; no resubscription when it changes). Without a provider or a
 * logged-in member it is never called.
 */
export function useRealtimeEvent<E extends ServerEvent>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const connection = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!connection) return;
    const listener = ((...args: unknown[]) =>
      (latest.current as (...args: unknown[]) => void)(...args)) as ServerToClientEvents[E];
    return connection.on(event, listener);
  }, [connection, event, latest]);
}

const dropped: RealtimeEmit = () => undefined;

/** A stable `(event, payload) => void` for the client's events; dropped while not connected. */
export function useRealtimeEmit(): RealtimeEmit {
  const connection = useContext(RealtimeContext);
  return connection ? connection.emit : dropped;
}

/**
 * Runs `handler` after every reconnect whose missed events socket.io did not replay (a connect
 * after the first with `socket.recovered` not set; our server never recovers: security review
 * H1): time to catch up over HTTP (GET /api/messages.php?since=<highest seq held>).
 */
export function useRealtimeReconnect(handler: () => void): void {
  const connection = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!connection) return;
    return connection.onReconnect(() => latest.current());
  }, [connection, latest]);
}

/**
 * Runs `handler` when the member's socket connects for the first time while the component is
 * mounted: anything sent between the component's HTTP load and that connect missed the page, so
 * it is time to read again what the component shows live.
 */
export function useRealtimeFirstConnect(handler: () => void): void {
  const connection = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!connection) return;
    return connection.onFirstConnect(() => latest.current());
  }, [connection, latest]);
}

const noSubscription = () => () => undefined;
const alwaysDisconnected = (): RealtimeStatus => 'disconnected';

/** 'connecting' | 'connected' | 'disconnected' (no provider or no member: disconnected). */
export function useRealtimeStatus(): RealtimeStatus {
  const connection = useContext(RealtimeContext);
  return useSyncExternalStore(
    connection?.subscribeStatus ?? noSubscription,
    connection?.getStatus ?? alwaysDisconnected,
    connection?.getStatus ?? alwaysDisconnected,
  );
}
