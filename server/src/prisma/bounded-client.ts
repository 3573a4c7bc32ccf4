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
 */
export function boundedClient(queryMs: number) {
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // the pool and Prisma listen while they hold it; a connection lost meanwhile is their
      // statement's error, not the process's
      this.on('error', () => undefined);
      this.query = bounded(this, queryMs);
    }
  };
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

/** Pool (and single-connection) options that bound every wait on PostgreSQL. */
export function boundedConnection(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}
