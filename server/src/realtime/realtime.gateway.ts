import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type Redis from 'ioredis';
import pg from 'pg';
import { Server, type Namespace, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  DB_INT_MAX,
  SOCKET_PATH,
  STAFF_COOKIE,
  STAFF_SOCKET_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type StaffClientToServerEvents,
  type StaffServerToClientEvents,
} from '@app/contract';
import { APP_CONFIG, directDatabaseUrl, type AppConfig } from '../config/config';
import { SessionService, cookieOf } from '../auth';
import { StaffSessions, type StaffPrincipal } from '../staff';
import { requestIdFrom, withLogContext } from '../logging';
import { Metrics } from '../metrics';
import { Gauge } from 'prom-client';
import { boundedClient, boundedConnection } from '../prisma/bounded-client';
import { databaseTimeouts } from '../config/timeouts';
import { createRedis } from '../redis/connection';
import { localFirst } from './local-first-adapter';
import { Presence } from './presence.service';
import {
  Realtime,
  memberRoom,
  sessionRoom,
  staffRoleRoom,
  staffSessionRoom,
  staffUserRoom,
  type SocketMember,
} from './realtime.service';

type IoServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketMember>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketMember>;
type StaffNamespace = Namespace<
  StaffClientToServerEvents,
  StaffServerToClientEvents,
  object,
  StaffPrincipal
>;
type StaffSocket = Socket<
  StaffClientToServerEvents,
  StaffServerToClientEvents,
  object,
  StaffPrincipal
>;

/** A socket may send this many events per window; more are dropped, far more disconnect it. */
const EVENTS_PER_WINDOW = 30;
const EVENT_WINDOW_MS = 10_000;
const DISCONNECT_AFTER = 5 * EVENTS_PER_WINDOW;
/** Stream entries kept in Redis for the other processes to read. */
const STREAM_MAX_LENGTH = 100_000;
/** How long one read of that stream blocks in Redis (the adapter's default). */
const STREAM_BLOCK_MS = 5_000;

const conversationEvent = z.object({
  conversation_id: z.number().int().positive().max(DB_INT_MAX),
});
const deliveredEvent = conversationEvent.extend({
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

/**
 * The socket.io server on the app's own HTTP server (path SOCKET_PATH, WebSocket transport only,
 * so several app processes behind a proxy need no sticky sessions):
 *
 * - the handshake is authenticated by the session cookie (SessionService.resolveSession, the
 *   same lookup as HTTP requests; a cross-site Origin is refused); every socket joins its
 *   member's room and its session's room;
 * - rooms are shared by every process through Redis streams (@socket.io/redis-streams-adapter);
 *   a broadcast reaches this process's sockets at once, not after Redis took it (localFirst);
 * - no connection state recovery: socket.io would restore a reconnecting socket's rooms and
 *   write its missed events before any middleware ran, to whoever presents the earlier socket's
 *   private id, whatever session (or none) the new handshake proves (security review
 *   2026-11-25, H1). Every reconnect is a new, authenticated socket; the client catches up over
 *   HTTP (user, chats, likes, and messages.php from its highest seq: the web's realtime layer),
 *   measured in docs/performance.md ("Reconnect storms");
 * - a session that ends (logout, password change or reset, deletion, expiry) or an account that
 *   is banned, deleted or purged: PostgreSQL notifies every process at commit (`session_ended`,
 *   triggers of the chat and moderation migrations) and its sockets are disconnected at once (a
 *   ban's get `account:banned` first); every
 *   SOCKET_SESSION_CHECK_MS each process also re-checks the sessions of its sockets (expiry, and
 *   notifications lost while the listening connection was down);
 * - a client's `typing` and `delivered` go to the chat feature's handlers, validated and rate
 *   limited per socket;
 * - the staff console connects to the namespace STAFF_SOCKET_NAMESPACE with its own cookie
 *   (`ssid`, a staff session begun with the second factor): its sockets join a room per role
 *   (`staff:<role>`; admins every role's), their session's and their account's, and are ended
 *   as members' are. They only listen.
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private io: IoServer | null = null;
  private redis: Redis | null = null;
  private readonly duplicates: Redis[] = [];
  private listener: pg.Client | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionService,
    private readonly realtime: Realtime,
    private readonly staffSessions: StaffSessions,
    private readonly presence: Presence,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const httpServer = this.adapterHost.httpAdapter?.getHttpServer() as HttpServer | undefined;
    if (!httpServer) return;
    // the adapter reads the stream with blocking XREADs: a connection of its own, no timeout
    // dropped when silent past the longest read (a black-holed connection) and made again; by
    // URL or through the sentinels (redis/connection.ts), its duplicates the same way
    this.redis = createRedis(
      this.config,
      { use: 'blocking', blockMs: STREAM_BLOCK_MS },
      // a connection blocked in XREAD does not see its end until Redis answers: cut it short
      {
        disconnectTimeout: 100,
        // this one only publishes (XADD): the events of one send (both members' message:new,
        // chats:changed, credits:changed) go to Redis in one write; the reading duplicates not
        enableAutoPipelining: true,
      },
    );
    this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    // the adapter reads and subscribes on duplicates of it: kept, so shutdown ends them at once
    // (its own close waits for the blocked read to return)
    const duplicate = this.redis.duplicate.bind(this.redis);
    this.redis.duplicate = (override?: Parameters<Redis['duplicate']>[0]) => {
      const copy = duplicate({ ...override, enableAutoPipelining: false });
      this.duplicates.push(copy);
      return copy;
    };
    const io: IoServer = new Server(httpServer, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      allowRequest: (req, callback) => callback(null, this.sameOrigin(req)),
      // this process's sockets get a broadcast at once, the others through the stream
      adapter: localFirst(
        createAdapter(this.redis, {
          maxLen: STREAM_MAX_LENGTH,
          blockTimeInMs: STREAM_BLOCK_MS,
        }),
        this.logger,
      ),
      // never `connectionStateRecovery` (see above): a test holds it (realtime.e2e-spec.ts, H1)
    });
    io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    io.on('connection', (socket) => this.connected(socket));
    const staff = io.of(STAFF_SOCKET_NAMESPACE) as unknown as StaffNamespace;
    staff.use((socket, next) => {
      this.authenticateStaff(socket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    staff.on('connection', (socket) => {
      const principal = socket.data;
      const roles = principal.roles.includes('admin')
        ? (['admin', 'moderator', 'operator'] as const)
        : principal.roles;
      void socket.join([
        ...roles.map(staffRoleRoom),
        staffSessionRoom(principal.sessionId),
        staffUserRoom(principal.userId),
      ]);
      // the console only listens: anything it sends ends the socket
      socket.onAny(() => socket.disconnect(true));
    });
    this.io = io;
    this.realtime.attach(io);
    new Gauge({
      name: 'socketio_connections',
      help: 'socket.io connections (members and staff) open on this process',
      registers: [this.metrics.registry],
      collect() {
        this.set(io.engine.clientsCount);
      },
    });
    await this.listen();
    this.checkTimer = setInterval(() => {
      // the listener waits for nothing: a statement proves its connection (a silent one is
      // cut, and listen() starts again)
      void this.listener?.query('SELECT 1').catch(() => undefined);
      void this.checkSessions();
    }, this.config.SOCKET_SESSION_CHECK_MS);
    this.checkTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.checkTimer) clearInterval(this.checkTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.realtime.attach(null);
    if (this.io) {
      this.io.local.disconnectSockets(true);
      // closes the engine's clients; the HTTP server itself is Nest's to close
      this.io.engine.close();
      // every namespace's adapter: the shared stream reader stops once the last one closed
      // (one left open spins on the closed Redis connection)
      for (const name of ['/', STAFF_SOCKET_NAMESPACE]) await this.io.of(name).adapter.close();
    }
    await this.listener?.end().catch(() => undefined);
    for (const copy of this.duplicates) copy.disconnect();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /** Browsers send Origin on a WebSocket handshake: only our own site may open one. */
  private sameOrigin(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      const host = new URL(origin).host;
      if (host === req.headers.host) return true;
      return this.config.APP_URL !== undefined && new URL(this.config.APP_URL).host === host;
    } catch {
      return false;
    }
  }

  private async authenticate(socket: IoSocket): Promise<void> {
    const session = await this.sessions.resolveSession(socket.request.headers.cookie);
    if (!session) throw new Error('authentication_required');
    socket.data = {
      userId: session.userId,
      sessionId: session.id,
      profileId: session.user.profile?.id ?? null,
      roles: session.user.roles,
      paidUser: session.user.paidUser,
    };
  }

  private async authenticateStaff(socket: StaffSocket): Promise<void> {
    // a (re)connecting socket is no action of the staff member's: it keeps no console alive
    const staff = await this.staffSessions.resolve(
      cookieOf({ headers: { cookie: socket.request.headers.cookie } }, STAFF_COOKIE),
      { background: true },
    );
    if (!staff) throw new Error('authentication_required');
    socket.data = staff;
  }

  private connected(socket: IoSocket): void {
    const member = socket.data;
    // the handshake's request id (a proxy's X-Request-Id, or a new one): on every line an event
    // of this socket logs, with the event's name
    const reqId = requestIdFrom(socket.request.headers['x-request-id']);
    const inContext = (event: string, handle: () => Promise<void>) =>
      withLogContext({ reqId, socket: socket.id, event }, () =>
        handle().catch((error: unknown) => this.failed(event, error)),
      );
    withLogContext({ reqId, socket: socket.id }, () => this.logger.debug('Socket connected'));
    void socket.join([memberRoom(member.userId), sessionRoom(member.sessionId)]);
    void this.presence.add(member.userId, socket.id);
    socket.on('disconnect', () => void this.presence.remove(member.userId, socket.id));
    let windowStart = Date.now();
    let count = 0;
    const allowed = (): boolean => {
      const now = Date.now();
      if (now - windowStart > EVENT_WINDOW_MS) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (count > DISCONNECT_AFTER) socket.disconnect(true);
      return count <= EVENTS_PER_WINDOW;
    };
    socket.on('typing', (event) => {
      const parsed = conversationEvent.safeParse(event);
      const handlers = this.realtime.clientHandlers;
      if (!parsed.success || !handlers || !allowed()) return;
      void inContext('typing', () => handlers.typing(member, parsed.data));
    });
    socket.on('delivered', (event) => {
      const parsed = deliveredEvent.safeParse(event);
      const handlers = this.realtime.clientHandlers;
      if (!parsed.success || !handlers || !allowed()) return;
      void inContext('delivered', () => handlers.delivered(member, parsed.data));
    });
  }

  private failed(event: string, error: unknown): void {
    this.logger.warn(`A client's ${event} failed: ${String(error)}`);
  }

  // ------------------------------------------------------------- ended sessions

  /** LISTEN session_ended on a connection of its own; reconnects, then re-checks every socket. */
  private async listen(): Promise<void> {
    const timeouts = databaseTimeouts(this.config);
    const Client = boundedClient(timeouts.queryMs, timeouts);
    // LISTEN keeps one server session for as long as it listens: PostgreSQL itself, never a
    // pooler in front (DATABASE_DIRECT_URL)
    const client = new Client({
      connectionString: directDatabaseUrl(this.config),
      ...boundedConnection(timeouts),
    });
    const retry = (error?: Error) => {
      if (error) this.logger.warn(`session_ended listener: ${error.message}`);
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      if (this.listener === client) this.listener = null;
      if (this.closing || this.reconnectTimer) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        void this.listen().then(() => this.checkSessions());
      }, 2_000);
      this.reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', () => retry());
    client.on('notification', (message) => this.ended(message.payload ?? ''));
    try {
      await client.connect();
      await client.query('LISTEN session_ended');
      this.listener = client;
    } catch (error) {
      retry(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * `s:<session id>`: that session's sockets; `u:<user id>`: every socket of the account;
   * `b:<user id>`: the same for a ban, after `account:banned` to each.
   */
  private ended(payload: string): void {
    if (!this.io) return;
    const staff = this.io.of(STAFF_SOCKET_NAMESPACE).local;
    if (payload.startsWith('s:')) {
      this.io.local.in(sessionRoom(payload.slice(2))).disconnectSockets(true);
    } else if (payload.startsWith('st:')) {
      staff.in(staffSessionRoom(payload.slice(3))).disconnectSockets(true);
    } else if (payload.startsWith('u:') || payload.startsWith('b:')) {
      const userId = Number(payload.slice(2));
      const tabs = this.io.local.in(memberRoom(userId));
      // a ban tells the open tabs why (they show the ban page); written before the close
      if (payload.startsWith('b:')) tabs.emit('account:banned');
      tabs.disconnectSockets(true);
      staff.in(staffUserRoom(userId)).disconnectSockets(true);
    }
  }

  /** Disconnects this process's sockets whose session expired, ended or whose account closed. */
  async checkSessions(): Promise<void> {
    if (!this.io) return;
    await this.checkStaffSessions();
    const sockets = [...this.io.of('/').sockets.values()];
    const ids = [...new Set(sockets.map((socket) => socket.data.sessionId))];
    if (ids.length === 0) return;
    await this.presence.refresh(
      sockets.map((socket) => ({ userId: socket.data.userId, socketId: socket.id })),
    );
    try {
      const alive = await this.sessions.live(ids);
      const ending = sockets.filter((socket) => !alive.has(socket.data.sessionId));
      // a ban whose notification this process missed: its tabs still learn why they end
      const banned = await this.sessions
        .bannedAmong([...new Set(ending.map((socket) => socket.data.userId))])
        .catch(() => new Set<number>());
      for (const socket of ending) {
        if (banned.has(socket.data.userId)) socket.emit('account:banned');
        socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`Could not check the sockets' sessions: ${String(error)}`);
    }
  }

  /** The same for the staff consoles' sockets (idle and absolute expiry, roles changed). */
  private async checkStaffSessions(): Promise<void> {
    if (!this.io) return;
    const namespace = this.io.of(STAFF_SOCKET_NAMESPACE) as unknown as StaffNamespace;
    const sockets = [...namespace.sockets.values()];
    if (sockets.length === 0) return;
    try {
      const live = await this.staffSessions.live([
        ...new Set(sockets.map((s) => s.data.sessionId)),
      ]);
      for (const socket of sockets) {
        if (!live.has(socket.data.sessionId)) socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`Could not check the staff sockets' sessions: ${String(error)}`);
    }
  }
}
