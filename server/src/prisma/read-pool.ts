import {
  Inject,
  Injectable,
  Logger,
  type NestMiddleware,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { databaseTimeouts } from '../config/timeouts';
import type { AuthedRequest } from '../common/request';
import { isServiceUnavailable } from '../common/failures';
import { RedisService } from '../redis/redis.service';
import { BoundedPool } from './bounded-pool';
import { PrismaService } from './prisma.service';

const logger = new Logger('ReadPool');

/** What one check of a replica found (GET /metrics and the logs say it; tests read it). */
export interface ReplicaState {
  /** The replica's host:port/database (never its password). */
  readonly name: string;
  /** Reads may go here: it answered the last check, as a standby, within the lag bound. */
  usable: boolean;
  /** How far behind the primary it was at the last check (ms); null when it did not answer. */
  lagMs: number | null;
  /** Why it is skipped, when it is. */
  reason: string | null;
}

interface Replica {
  state: ReplicaState;
  pool: BoundedPool;
}

interface StandbyRow {
  recovering: boolean;
  replayed: string | null;
  since_replay_ms: string | null;
}

/** A WAL position (`16/B374D848`) as a number that orders as the positions do. */
function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A replica's address for logs: host, port and database, no user or password. */
function replicaName(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? parsed.host;
  return `${host}${parsed.port && !host.includes(':') ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/**
 * A failed read that the primary can answer instead: the replica went away, did not answer,
 * is shutting down, or cancelled the statement for a conflict with its recovery (40001, 40P01).
 * An error of the statement itself (a bad value) is the same on the primary, and so is a
 * statement that ran out of its time (57014): run again, it would only load the primary too.
 */
function replicaFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return false;
  if (isServiceUnavailable(error)) return true;
  return (
    typeof code === 'string' &&
    (code === '40001' || code === '40P01' || code.startsWith('08') || code.startsWith('57P'))
  );
}

/** The Redis key that sends a member's reads to the primary for a while after their write. */
export const primaryReadsKey = (memberId: number) => `primary-reads:${memberId}`;

/**
 * The read pool: streaming replicas of the primary (DATABASE_REPLICA_URL) for the reads that
 * tolerate a little lag. Everything else (every write, every transaction, every read of the
 * member's own data) stays on PrismaService and its pool.
 *
 * - **Health.** Every DATABASE_REPLICA_CHECK_MS the primary's WAL position is read
 *   (pg_current_wal_lsn) and each replica is asked how far it has replayed
 *   (pg_last_wal_replay_lsn): its lag is the age of the newest primary position it has reached
 *   (0 when it has the one just read), on this process's clock, so an idle primary does not
 *   look like a lagging replica and the two servers' clocks do not matter. Before any position
 *   is known (the primary is away) the time since its last replayed transaction stands in
 *   (pg_last_xact_replay_timestamp). A replica more than DATABASE_REPLICA_MAX_LAG_MS behind, not
 *   answering, or not a standby (a promoted one has left this primary) is skipped until a check
 *   finds it fit again. With none fit, the reads go to the primary.
 * - **A replica that fails mid-read** (stopped, cut off, a recovery conflict): the read is run
 *   again on the primary and the replica is skipped until the next check finds it fit; the
 *   request never sees the failure.
 * - **Read your own writes.** A member's write request (any method but GET, HEAD and OPTIONS:
 *   ReadYourWritesMiddleware, when it starts and again when its response is sent, after its
 *   commits) and the few writes made on a GET (`markWrite`) send that member's lag-tolerant
 *   reads to the primary for the lag bound plus a check interval: a replica still in use then
 *   has replayed the write (it was at most the bound behind at its last check, which is at
 *   most an interval old). The mark lives in Redis, so the member's next request may reach any
 *   app process. Without Redis the member reads from the primary (a mark that cannot be read is
 *   taken as set).
 */
@Injectable()
export class ReadPool implements OnModuleInit, OnApplicationShutdown {
  readonly #replicas: Replica[];
  readonly #maxLagMs: number;
  readonly #checkMs: number;
  /** How long a member's reads stay on the primary after their write (ms). */
  readonly primaryAfterWriteMs: number;
  #next = 0;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  /** The primary's WAL position at the recent checks, oldest first. */
  readonly #positions: { at: number; lsn: bigint }[] = [];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
  ) {
    const timeouts = databaseTimeouts(config);
    this.#maxLagMs = config.DATABASE_REPLICA_MAX_LAG_MS;
    this.#checkMs = config.DATABASE_REPLICA_CHECK_MS;
    this.primaryAfterWriteMs = this.#maxLagMs + this.#checkMs;
    this.#replicas = (config.DATABASE_REPLICA_URL ?? []).map((url) => {
      const pool = new BoundedPool(
        {
          connectionString: url,
          max: config.DB_POOL_SIZE,
          idleTimeoutMillis: 30_000,
          maxLifetimeSeconds: 3_600,
        },
        timeouts,
      );
      const state: ReplicaState = {
        name: replicaName(url),
        usable: false,
        lagMs: null,
        reason: 'not checked yet',
      };
      pool.on('error', (error) => logger.warn(`replica ${state.name}: ${error.message}`));
      return { state, pool };
    });
  }

  /** Whether any replica is configured (without one every read is on the primary). */
  get configured(): boolean {
    return this.#replicas.length > 0;
  }

  /** What the last check found, per replica. */
  states(): readonly ReplicaState[] {
    return this.#replicas.map((replica) => ({ ...replica.state }));
  }

  /** The first check before the process serves (bounded by the connect and query timeouts). */
  async onModuleInit(): Promise<void> {
    if (!this.configured) return;
    await this.check();
    this.#timer = setInterval(() => void this.check(), this.#checkMs);
    this.#timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.#timer);
    await this.#checking;
    await Promise.all(this.#replicas.map((replica) => replica.pool.end()));
  }

  /** Checks every replica once (one check at a time). */
  check(): Promise<void> {
    this.#checking ??= this.#checkAll().finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #checkAll(): Promise<void> {
    // the primary's position first: a replica that has replayed it is caught up
    const at = Date.now();
    try {
      const { rows } = await this.prisma.pool.query<{ lsn: string }>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      this.#positions.push({ at, lsn: lsnValue(rows[0].lsn) });
    } catch {
      // the primary is away: the replicas are judged by the positions seen before and by the
      // time since their last replayed transaction
    }
    // enough history to tell "within the bound" from "beyond it"
    const keepFrom = at - this.#maxLagMs - 2 * this.#checkMs;
    while (this.#positions.length > 1 && this.#positions[0].at < keepFrom) this.#positions.shift();
    await Promise.all(this.#replicas.map((replica) => this.#checkOne(replica)));
  }

  /**
   * How far a replica that has replayed up to `replayed` is behind: the age of the newest
   * primary position it has reached (caught up at the last check: the time since then, a few
   * ms), measured on this process's clock; null when it has reached none of those kept.
   */
  #lagOf(replayed: bigint): number | null {
    for (let i = this.#positions.length - 1; i >= 0; i -= 1) {
      const position = this.#positions[i];
      if (position.lsn <= replayed)
        return i === this.#positions.length - 1 ? 0 : Date.now() - position.at;
    }
    return null;
  }

  async #checkOne(replica: Replica): Promise<void> {
    const was = replica.state.usable;
    try {
      const { rows } = await replica.pool.query<StandbyRow>(
        `SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed,
                (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::text
                  AS since_replay_ms`,
      );
      const row = rows[0];
      if (!row.recovering || row.replayed === null) {
        this.#mark(replica, null, 'not a standby (promoted, or not a replica of DATABASE_URL)');
      } else {
        // none of the positions kept reached: older than all of them, or the primary was not
        // read; then the time since its last replayed transaction (the primary's clock)
        const lagMs =
          this.#lagOf(lsnValue(row.replayed)) ??
          (row.since_replay_ms === null
            ? null
            : Math.max(0, Math.round(Number(row.since_replay_ms))));
        if (lagMs === null) this.#mark(replica, null, 'has replayed nothing yet');
        else if (lagMs > this.#maxLagMs) {
          this.#mark(replica, lagMs, `${lagMs} ms behind (bound ${this.#maxLagMs} ms)`);
        } else this.#mark(replica, lagMs, null);
      }
    } catch (error) {
      this.#mark(replica, null, `does not answer: ${(error as Error).message}`);
    }
    if (was !== replica.state.usable) {
      if (replica.state.usable) logger.log(`replica ${replica.state.name} in use`);
      else logger.warn(`replica ${replica.state.name} skipped: ${replica.state.reason}`);
    }
  }

  #mark(replica: Replica, lagMs: number | null, reason: string | null): void {
    replica.state.lagMs = lagMs;
    replica.state.reason = reason;
    replica.state.usable = reason === null;
  }

  /** The next usable replica in turn, or none. */
  #pick(): Replica | undefined {
    const count = this.#replicas.length;
    for (let i = 0; i < count; i += 1) {
      const replica = this.#replicas[(this.#next + i) % count];
      if (replica.state.usable) {
        this.#next = (this.#next + i + 1) % count;
        return replica;
      }
    }
    return undefined;
  }

  /**
   * Runs a read that tolerates a little lag: on a usable replica, unless `memberId` wrote
   * lately (their reads stay on the primary), on the primary when no replica is usable, and
   * again on the primary when the replica fails under it. `read` gets a pool of `pg`
   * connections (queryRows with a `Prisma.sql` or a numbered statement) and must only read.
   */
  async read<T>(
    memberId: number | null | undefined,
    read: (db: pg.Pool) => Promise<T>,
  ): Promise<T> {
    if (!this.configured) return read(this.prisma.pool);
    const replica = this.#pick();
    if (!replica || (memberId != null && (await this.#wroteLately(memberId)))) {
      return read(this.prisma.pool);
    }
    try {
      return await read(replica.pool);
    } catch (error) {
      if (!replicaFault(error)) throw error;
      this.#mark(replica, null, `failed a read: ${(error as Error).message}`);
      logger.warn(`replica ${replica.state.name} skipped: ${replica.state.reason}`);
      return read(this.prisma.pool);
    }
  }

  /** The member's reads go to the primary for a while: they have just written. */
  async markWrite(memberId: number): Promise<void> {
    if (!this.configured) return;
    try {
      await this.redis.set(primaryReadsKey(memberId), '1', 'PX', this.primaryAfterWriteMs);
    } catch (error) {
      // the write itself goes on; the member may meet a replica's older rows for a moment
      logger.warn(`could not mark member ${memberId}'s write: ${(error as Error).message}`);
    }
  }

  async #wroteLately(memberId: number): Promise<boolean> {
    try {
      return (await this.redis.exists(primaryReadsKey(memberId))) === 1;
    } catch {
      return true;
    }
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After the session middleware: a signed-in member's write request marks them before it runs
 * (their reads meanwhile) and again once its response is sent (after its commits), so that
 * their next reads see it (ReadPool, "read your own writes").
 */
@Injectable()
export class ReadYourWritesMiddleware implements NestMiddleware {
  constructor(private readonly reads: ReadPool) {}

  async use(req: AuthedRequest, res: Response, next: NextFunction): Promise<void> {
    const memberId = req.session?.userId;
    if (memberId !== undefined && this.reads.configured && !SAFE_METHODS.has(req.method)) {
      await this.reads.markWrite(memberId);
      res.once('finish', () => void this.reads.markWrite(memberId));
    }
    next();
  }
}
