import pg from 'pg';
import type { DatabaseTimeouts } from '../config/timeouts';

/** The error of a statement whose answer did not come in time (a 503, see common/failures). */
export class DatabaseSilentError extends Error {
  // read by Prisma's adapter (a SocketTimeout) and by isServiceUnavailable
  readonly code = 'ETIMEDOUT';
  readonly syscall = 'read';
  readonly errno = -110;

  constructor(ms: number) {
    super(`PostgreSQL did not answer within ${ms} ms: connection cut`);
    this.name = 'DatabaseSilentError';
  }
}

const send = pg.Client.prototype.query;

/**
 * A pg Client whose every statement is answered within `queryMs`, or its connection is cut:
 * its statements fail at once (DatabaseSilentError), and the pool, which finds it unusable,
 * drops it and opens a new one when next asked. A connection that missed an answer cannot be
 * used again (the answer may still come, and be read as the next statement's), so it is never
 * merely given up on as pg's `query_timeout` does. It never throws an unhandled `error` event
 * either, even while checked out with no listener of its own.
 *
 * With `session` its connection sets PostgreSQL's own time limits (`sessionSettings`) before
 * it is used: as SET statements of the session, not as startup parameters, which PgBouncer
 * refuses ("unsupported startup parameter", `options` included, in Debian's 1.18). Behind
 * PgBouncer in session mode a client connection holds one server connection until it closes,
 * and PgBouncer's DISCARD ALL resets both when it does (docs/operations.md, "Connection pooler").
 */
export function boundedClient(queryMs: number, session?: DatabaseTimeouts) {
  const settings = session ? sessionSettings(session) : undefined;
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // the pool and Prisma listen while they hold it; a connection lost meanwhile is their
      // statement's error, not the process's
      this.on('error', () => undefined);
      this.query = bounded(this, queryMs);
    }

    override connect(): Promise<pg.Client>;
    override connect(
      callback: ((err: Error) => void) | ((err: null, client: pg.Client) => void),
    ): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, client: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const ready = settings === undefined ? super.connect() : this.#connectWith(settings);
      if (!callback) return ready;
      const done = callback as (err: Error | null, client?: pg.Client) => void;
      ready.then(
        (client) => done(null, client),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
      return undefined;
    }

    async #connectWith(sql: string): Promise<pg.Client> {
      await super.connect();
      try {
        await this.query(sql);
      } catch (error) {
        // pg's pool drops a client whose connect failed without ending it
        await this.end().catch(() => undefined);
        throw error;
      }
      return this;
    }
  };
}

/**
 * The session's time limits as SET statements (one round trip, the simple query protocol): the
 * statement timeout below the client's own wait for an answer, and the idle transaction's.
 * Integers from the validated configuration, so written into the text.
 */
export function sessionSettings(timeouts: DatabaseTimeouts): string {
  const ms = (value: number) => String(Math.max(0, Math.trunc(value)));
  return (
    `SET statement_timeout = ${ms(timeouts.statementMs)}; ` +
    `SET idle_in_transaction_session_timeout = ${ms(timeouts.idleInTransactionMs)}`
  );
}

function bounded(client: pg.Client, ms: number): pg.Client['query'] {
  const cut = () => client.connection.stream.destroy(new DatabaseSilentError(ms));
  return function query(this: pg.Client, ...args: unknown[]): unknown {
    const [first] = args;
    // cursors and streams (none here) read at their own pace
    if (typeof (first as { submit?: unknown } | null)?.submit === 'function') {
      return Reflect.apply(send, this, args);
    }
    const timer = setTimeout(cut, ms);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        clearTimeout(timer);
        Reflect.apply(last, undefined, results);
      };
      return Reflect.apply(send, this, args);
    }
    const result = Reflect.apply(send, this, args) as Promise<unknown>;
    result.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return result;
  } as pg.Client['query'];
}

/**
 * Pool (and single-connection) options that bound every wait on PostgreSQL: opening a
 * connection and noticing a peer that vanished. PostgreSQL's own limits are set by the client
 * (`boundedClient`'s `session`), never as startup parameters.
 */
export function boundedConnection(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
  };
}
