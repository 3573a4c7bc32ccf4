import pg from 'pg';
import type { DatabaseTimeouts } from '../config/timeouts';
import { DatabaseSilentError, boundedClient, boundedConnection } from './bounded-client';

type Done = (release?: unknown) => void;
type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

const NOTHING_TO_RELEASE: Done = () => undefined;

/** No pooled connection came free in time: every one stayed busy (a 503, common/failures). */
export class DatabaseBusyError extends Error {
  // read by Prisma's adapter (a SocketTimeout) and by isServiceUnavailable
  readonly code = 'ETIMEDOUT';
  readonly syscall = 'connect';
  readonly errno = -110;

  constructor(ms: number) {
    super(`no PostgreSQL connection came free within ${ms} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** The wait for a pooled connection ended because PostgreSQL does not answer (a 503). */
export class DatabaseUnansweredError extends Error {
  readonly code = 'ETIMEDOUT';
  readonly syscall = 'connect';
  readonly errno = -110;

  constructor(cause: Error) {
    super(`PostgreSQL does not answer (${cause.message}): no wait for a pooled connection`, {
      cause,
    });
    this.name = 'DatabaseUnansweredError';
  }
}

interface Waiter {
  callback: Callback;
  timer: NodeJS.Timeout;
}

/**
 * pg's pool with its two waits apart. pg's `connectionTimeoutMillis` bounds both waiting for a
 * free connection and opening a new one, so a burst on a busy process (more requests than
 * connections) failed like a dead database did. Here:
 *
 * - opening a connection is bounded by `connectMs` (pg's own timer, the pool never queues
 *   inside pg: this pool hands out at most `max` connections itself);
 * - waiting for a free one, first come first served, by `poolWaitMs` (a request's budget);
 * - a database that does not answer (a connection could not be opened, or a statement's answer
 *   did not come and its connection was cut: DatabaseSilentError) ends every wait at once with
 *   DatabaseUnansweredError, a 503, instead of handing the next waiter a connection that will
 *   hang as well.
 *
 * Prisma's adapter and `pool.query` both get their connections through `connect`.
 */
export class BoundedPool extends pg.Pool {
  readonly #poolWaitMs: number;
  readonly #waiting: Waiter[] = [];
  readonly #handedOut = new Set<pg.PoolClient>();
  #free: number;

  constructor(config: pg.PoolConfig & { max: number }, timeouts: DatabaseTimeouts) {
    super({
      ...config,
      ...boundedConnection(timeouts),
      Client: boundedClient(timeouts.queryMs, timeouts),
    });
    this.#poolWaitMs = timeouts.poolWaitMs;
    this.#free = config.max;
    // a connection back in the pool (or removed from it): its place goes to the next waiter,
    // once pg has put it back or dropped it
    this.on('release', (_error: unknown, client: pg.PoolClient) => {
      if (this.#handedOut.delete(client)) process.nextTick(() => this.#handOver());
    });
    // a statement left unanswered: its connection was cut, and the database may be gone
    this.on('connect', (client: pg.PoolClient) => {
      client.on('error', (error: Error) => {
        if (error instanceof DatabaseSilentError) this.#unanswered(error);
      });
    });
    // the pool's own count of waiting requests is this one (metrics: db_pool_waiting_clients)
    Object.defineProperty(this, 'waitingCount', { get: () => this.#waiting.length });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      this.#acquire(callback);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      this.#acquire((error, client) => (client ? resolve(client) : reject(error)));
    });
  }

  #acquire(callback: Callback): void {
    if (this.ending) {
      super.connect(callback);
    } else if (this.#free > 0 && this.#waiting.length === 0) {
      this.#free -= 1;
      this.#checkOut(callback);
    } else {
      const waiter: Waiter = {
        callback,
        timer: setTimeout(() => {
          this.#leave(waiter);
          callback(new DatabaseBusyError(this.#poolWaitMs), undefined, NOTHING_TO_RELEASE);
        }, this.#poolWaitMs),
      };
      this.#waiting.push(waiter);
    }
  }

  /** A place is free: to the first waiter, else kept. */
  #handOver(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#free += 1;
      return;
    }
    clearTimeout(next.timer);
    this.#checkOut(next.callback);
  }

  /** pg's connect, holding a place of this pool until the connection comes back. */
  #checkOut(callback: Callback): void {
    super.connect((error, client, done) => {
      if (error || !client) {
        // could not be opened: the database may be gone, and no one waits on it meanwhile
        this.#unanswered(error ?? new Error('no PostgreSQL connection'));
        this.#handOver();
        callback(error ?? new Error('no PostgreSQL connection'), undefined, done);
        return;
      }
      this.#handedOut.add(client);
      callback(undefined, client, done);
    });
  }

  /** PostgreSQL did not answer: no one waits for a connection meanwhile. */
  #unanswered(cause: Error): void {
    for (const waiter of this.#waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.callback(new DatabaseUnansweredError(cause), undefined, NOTHING_TO_RELEASE);
    }
  }

  #leave(waiter: Waiter): void {
    const at = this.#waiting.indexOf(waiter);
    if (at !== -1) this.#waiting.splice(at, 1);
  }
}
