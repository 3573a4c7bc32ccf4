/**
 * The member's one socket.io connection, outside React: opened while a member is logged in,
 * closed on logout. Hooks register handlers here once; the handlers outlive the sockets (a
 * logout and a new login make a new socket), so a component never resubscribes.
 */
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@app/contract/events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;
export type ClientEvent = keyof ClientToServerEvents;
export type ClientEventPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
export type RealtimeEmit = <E extends ClientEvent>(
  event: E,
  payload: ClientEventPayload<E>,
) => void;

/**
 * - `connecting`: a socket is open or trying to (again, after a drop that socket.io retries);
 * - `connected`: events flow;
 * - `disconnected`: no socket (logged out) or one that will not retry by itself.
 */
export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export type RealtimeSocketOptions = Partial<ManagerOptions & SocketOptions>;

export interface RealtimeConnectionHooks {
  /** After a reconnect whose missed events socket.io could not replay. */
  onUnrecoveredReconnect?: () => void;
  /**
   * The server ended the socket or refused its handshake (an ended session, say): resolves
   * whether the member is still logged in, in which case the socket connects again.
   */
  onServerDisconnect?: () => Promise<boolean>;
}

/** A handshake the server refused while the member is still logged in: try again after this. */
export const RETRY_AFTER_REFUSAL_MS = 5_000;

type AnyHandler = (...args: unknown[]) => void;

type SocketIo = typeof import('socket.io-client');

/** socket.io's client, loaded when a member's first socket opens (never for a visitor). */
function loadSocketIo(): Promise<SocketIo> {
  return import('socket.io-client');
}

export class RealtimeConnection {
  private socket: AppSocket | null = null;
  private readonly handlers = new Map<string, Set<AnyHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly firstConnectHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  private status: RealtimeStatus = 'disconnected';
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by open() while socket.io's client loads; a close() meanwhile cancels the socket. */
  private opening = false;

  constructor(
    /** The server's origin; the page's own when undefined. */
    private readonly url: string | undefined,
    private readonly options: RealtimeSocketOptions = {},
    private readonly hooks: RealtimeConnectionHooks = {},
  ) {}

  /**
   * Opens the socket (once; a second call while open or opening does nothing). The first call
   * loads socket.io's client (status `connecting` meanwhile).
   */
  open(): void {
    if (this.socket || this.opening) return;
    this.opening = true;
    this.setStatus('connecting');
    loadSocketIo().then(
      ({ io }) => {
        if (!this.opening) return;
        this.opening = false;
        this.connect(io);
      },
      () => {
        // the chunk could not load (offline): no live updates; the refresh schedule still runs
        if (!this.opening) return;
        this.opening = false;
        this.setStatus('disconnected');
      },
    );
  }

  private connect(io: SocketIo['io']): void {
    const options: RealtimeSocketOptions = {
      path: SOCKET_PATH,
      withCredentials: true,
      // the server speaks WebSocket only (no sticky sessions needed behind a proxy)
      transports: ['websocket'],
      ...this.options,
    };
    const socket: AppSocket = this.url === undefined ? io(options) : io(this.url, options);
    this.socket = socket;
    let connectedBefore = false;
    socket.on('connect', () => {
      this.setStatus('connected');
      const reconnect = connectedBefore;
      connectedBefore = true;
      if (!reconnect) {
        for (const handler of [...this.firstConnectHandlers]) handler();
      } else if (!socket.recovered) {
        this.hooks.onUnrecoveredReconnect?.();
        for (const handler of [...this.reconnectHandlers]) handler();
      }
    });
    socket.on('disconnect', (reason) => {
      this.setStatus(socket.active ? 'connecting' : 'disconnected');
      if (reason === 'io server disconnect') void this.serverEnded(socket, false);
    });
    socket.on('connect_error', () => {
      // refused by the server's handshake check (no retry by itself): maybe the session ended
      this.setStatus(socket.active ? 'connecting' : 'disconnected');
      if (!socket.active) void this.serverEnded(socket, true);
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      const handlers = this.handlers.get(event);
      if (handlers) for (const handler of [...handlers]) handler(...args);
    });
    this.setStatus('connecting');
  }

  /** Closes the socket (logout). */
  close(): void {
    this.opening = false;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
    }
    this.setStatus('disconnected');
  }

  private async serverEnded(socket: AppSocket, refused: boolean): Promise<void> {
    const loggedIn = this.hooks.onServerDisconnect
      ? await this.hooks.onServerDisconnect().catch(() => true)
      : true;
    if (!loggedIn || this.socket !== socket) return;
    const again = () => {
      if (this.socket === socket && !socket.connected && !socket.active) socket.connect();
    };
    if (refused) this.retryTimer = setTimeout(again, RETRY_AFTER_REFUSAL_MS);
    else again();
  }

  on<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]): () => void {
    let handlers = this.handlers.get(event);
    if (!handlers) this.handlers.set(event, (handlers = new Set()));
    const added = handler as AnyHandler;
    handlers.add(added);
    return () => {
      handlers.delete(added);
    };
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => {
      this.reconnectHandlers.delete(handler);
    };
  }

  /**
   * Runs `handler` when a socket connects for the first time: what the server sent between a
   * page's HTTP load and this connect never reached the page (the socket had not joined its
   * rooms yet). A component mounted after the connect loads after it and misses nothing.
   */
  onFirstConnect(handler: () => void): () => void {
    this.firstConnectHandlers.add(handler);
    return () => {
      this.firstConnectHandlers.delete(handler);
    };
  }

  /** Sends a client event; dropped while not connected (socket.io would otherwise buffer it). */
  readonly emit: RealtimeEmit = (event, payload) => {
    const socket = this.socket;
    if (!socket?.connected) return;
    // the event map's payload for this event name (TypeScript cannot follow the generic here)
    (socket.emit as (event: string, payload: unknown) => void)(event, payload);
  };

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}
