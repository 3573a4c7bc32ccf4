import type { AppConfig } from './config';

/**
 * Every wait on PostgreSQL and Redis, in one place (docs/operations.md, "Timeouts"; the metrics
 * may read them from here). A request never waits on a dead peer for longer than
 * REQUEST_BUDGET_MS: each wait below is bounded on its own, and the first one that runs out
 * ends the request with 503 `service_unavailable` and Retry-After. With the defaults:
 *
 * - PostgreSQL: a new connection opened within 1 s; an answer within 2 s, else the connection
 *   is cut (it cannot be trusted again: its answer may still come) and the pool opens a new one
 *   on demand; the server cancels a statement after 1.75 s itself, so a slow but reachable
 *   database keeps its connections. Worst case on a dead database 1 + 2 s. Waiting for a free
 *   pooled connection while all are busy is not a dead database: a request waits up to 3 s
 *   (DB_POOL_WAIT_MS) for one, and the wait ends at once, with 503, as soon as one of the
 *   pool's connections meets a database that does not answer (prisma/bounded-pool.ts).
 * - Redis: a command answered within 1 s, else the connection is dropped and made again; while
 *   it is not connected, commands fail at once (no offline queue), so a request that makes
 *   several meets the outage once.
 * - TCP keepalive on every connection after 5 s idle: a peer that vanished is noticed even by a
 *   connection that waits for nothing (the chat's listener, an idle pool connection).
 */
export const REQUEST_BUDGET_MS = 3_000;

/**
 * How long the HTTP server keeps an idle kept-alive connection open. Longer than any client or
 * proxy in front keeps one idle (Caddy keeps its upstream connections 2 min unless told
 * otherwise: docker/Caddyfile tells it 30 s), so the client always closes first. With Node's
 * default of 5 s the server closes a connection the proxy is about to reuse, and the request
 * sent on it meets ECONNRESET (a 502 for a POST, which no one retries).
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;

/** Readiness (/api/health/ready): PostgreSQL and Redis must each answer within this. */
export const READINESS_BUDGET_MS = 1_000;

/** Retry-After (seconds) of a 503 for an unreachable PostgreSQL or Redis. */
export const RETRY_AFTER_SECONDS = 5;

/** A transaction left idle this long is ended by PostgreSQL (it holds its locks meanwhile). */
const IDLE_IN_TRANSACTION_MS = 15_000;

/** Prisma's own default for the length of an interactive transaction. */
const PRISMA_TRANSACTION_MS = 5_000;

type DatabaseConfig = Pick<
  AppConfig,
  | 'DB_CONNECT_TIMEOUT_MS'
  | 'DB_POOL_WAIT_MS'
  | 'DB_QUERY_TIMEOUT_MS'
  | 'DB_STATEMENT_TIMEOUT_MS'
  | 'TCP_KEEPALIVE_MS'
>;
type RedisConfig = Pick<
  AppConfig,
  'REDIS_CONNECT_TIMEOUT_MS' | 'REDIS_COMMAND_TIMEOUT_MS' | 'TCP_KEEPALIVE_MS'
>;

export interface DatabaseTimeouts {
  /** Opening a new connection (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** Waiting for a pooled connection to come free while every one is busy. */
  poolWaitMs: number;
  /** Waiting for the answer to one statement before the connection is cut. */
  queryMs: number;
  /** PostgreSQL's own statement_timeout (below queryMs). */
  statementMs: number;
  idleInTransactionMs: number;
  /** The longest Prisma interactive transaction: one statement with its whole limit fits. */
  transactionMs: number;
  keepAliveMs: number;
}

export function databaseTimeouts(config: DatabaseConfig): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    poolWaitMs: config.DB_POOL_WAIT_MS,
    queryMs: config.DB_QUERY_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: Math.max(IDLE_IN_TRANSACTION_MS, config.DB_QUERY_TIMEOUT_MS),
    transactionMs: Math.max(PRISMA_TRANSACTION_MS, config.DB_QUERY_TIMEOUT_MS),
    keepAliveMs: config.TCP_KEEPALIVE_MS,
  };
}

/**
 * The worker's budgets: its jobs are no one's request, and some read or write more than a
 * request may (a purge, a data export), so its statements may run JOB_STATEMENT_TIMEOUT_MS, and
 * a job waits for a pooled connection at least as long as another job's statement may hold
 * one; opening a connection is bounded as for a request.
 */
export function forJobs<T extends AppConfig>(config: T): T {
  const queryMs = Math.max(
    config.DB_QUERY_TIMEOUT_MS,
    config.JOB_STATEMENT_TIMEOUT_MS + (config.DB_QUERY_TIMEOUT_MS - config.DB_STATEMENT_TIMEOUT_MS),
  );
  return {
    ...config,
    DB_STATEMENT_TIMEOUT_MS: config.JOB_STATEMENT_TIMEOUT_MS,
    DB_QUERY_TIMEOUT_MS: queryMs,
    DB_POOL_WAIT_MS: Math.max(config.DB_POOL_WAIT_MS, queryMs),
  };
}

/**
 * ioredis options of a connection that answers requests: a command fails after
 * REDIS_COMMAND_TIMEOUT_MS, and a connection that stays silent that long while an answer is
 * due is dropped and made again (a black-holed connection would otherwise stay stuck, and an
 * answer arriving late would be taken for the next command's). No offline queue: while Redis is
 * unreachable commands fail at once.
 */
export function redisRequestOptions(config: RedisConfig) {
  return {
    connectTimeout: config.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    keepAlive: config.TCP_KEEPALIVE_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  };
}

/**
 * ioredis options of a connection that blocks (BullMQ workers, the socket.io adapter's stream
 * reads): retried for ever (`maxRetriesPerRequest: null`, which BullMQ requires), no command
 * timeout; it is dropped and made again when it stays silent for `blockMs` (the longest block
 * it asks for) plus a command's timeout.
 */
export function redisBlockingOptions(config: RedisConfig, blockMs?: number) {
  return {
    connectTimeout: config.REDIS_CONNECT_TIMEOUT_MS,
    keepAlive: config.TCP_KEEPALIVE_MS,
    maxRetriesPerRequest: null,
    ...(blockMs === undefined ? {} : { socketTimeout: blockMs + config.REDIS_COMMAND_TIMEOUT_MS }),
  };
}
