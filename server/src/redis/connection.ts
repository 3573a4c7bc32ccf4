import Redis, { type RedisOptions } from 'ioredis';
import type { AppConfig } from '../config/config';
import { redisBlockingOptions, redisRequestOptions } from '../config/timeouts';

/** What a connection needs to know to find Redis, and how long it may wait for it. */
export type RedisConfig = Pick<
  AppConfig,
  | 'REDIS_URL'
  | 'REDIS_SENTINELS'
  | 'REDIS_SENTINEL_MASTER'
  | 'REDIS_PASSWORD'
  | 'REDIS_SENTINEL_PASSWORD'
  | 'REDIS_CONNECT_TIMEOUT_MS'
  | 'REDIS_COMMAND_TIMEOUT_MS'
  | 'TCP_KEEPALIVE_MS'
>;

/**
 * What a connection is for: `requests` answers requests (fails fast, no offline queue);
 * `blocking` blocks or must not lose a command (BullMQ, the socket.io adapter: retried for
 * ever, `maxRetriesPerRequest: null` as BullMQ requires), optionally with the longest block it
 * asks for (config/timeouts.ts).
 */
export type RedisUse = { use: 'requests' } | { use: 'blocking'; blockMs?: number };

/** ioredis options as both ioredis and BullMQ take them (BullMQ's retryStrategy is never null). */
export type RedisConnectionOptions = Omit<RedisOptions, 'retryStrategy'> & {
  retryStrategy?: (times: number) => number;
};

/** Reconnect soon after an outage or a failover: every 0.2 s at first, then at most every 2 s. */
const reconnectDelay = (times: number) => Math.min(times * 200, 2_000);

/**
 * A write that reaches a server which is a replica now (a failover the connection has not seen
 * yet; e.g. the old master back as a replica of the new one): reconnect, which asks the
 * sentinels for the master again, and send the command once more there.
 */
const reconnectOnReadonly = (error: Error): 2 | false =>
  error.message.startsWith('READONLY') ? 2 : false;

/**
 * Where Redis is: REDIS_URL's server, or (REDIS_SENTINELS set) whatever master the sentinels
 * name for REDIS_SENTINEL_MASTER, asked again at every reconnect and told at once of a
 * failover (`failoverDetector`: the connection subscribes to the sentinels' `+switch-master`
 * and moves to the new master). REDIS_URL's path (the database number), username and password
 * apply either way; REDIS_PASSWORD when the URL has no password.
 */
export function redisTarget(config: RedisConfig): RedisConnectionOptions {
  const url = new URL(config.REDIS_URL);
  const credentials = {
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : config.REDIS_PASSWORD,
    db: Number(url.pathname.slice(1) || 0),
    retryStrategy: reconnectDelay,
    reconnectOnError: reconnectOnReadonly,
  };
  const tls = url.protocol === 'rediss:' ? {} : undefined;
  if (!config.REDIS_SENTINELS?.length) {
    return { ...credentials, host: url.hostname, port: Number(url.port || 6379), tls };
  }
  return {
    ...credentials,
    sentinels: config.REDIS_SENTINELS,
    name: config.REDIS_SENTINEL_MASTER,
    role: 'master',
    sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
    sentinelRetryStrategy: reconnectDelay,
    sentinelCommandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    failoverDetector: true,
    tls,
    enableTLSForSentinelMode: tls !== undefined,
  };
}

/** The options of one connection: where Redis is (redisTarget) and how long it waits. */
export function redisOptions(config: RedisConfig, use: RedisUse): RedisConnectionOptions {
  return {
    ...redisTarget(config),
    ...(use.use === 'requests'
      ? redisRequestOptions(config)
      : redisBlockingOptions(config, use.blockMs)),
  };
}

/**
 * A connection that stays connected until the app closes it (quit or disconnect).
 *
 * ioredis ends a sentinel connection for good when its failover detector (`+switch-master`) cuts
 * a reconnect that is still asking the sentinels for the master: SentinelConnector.connect
 * throws "Connection is closed.", and Redis#connect answers any failed connect with the status
 * `end`, no retry (redis/ioredis#1683, "2-3 pods every time"). Every command then fails at once
 * until the process restarts, and the socket.io adapter's stream reader, which reads again at
 * once after a failed XREAD, spins on the ended connection without ever yielding to a timer (the
 * server test run that hung, redis-failover.e2e-spec.ts).
 *
 * Here a connection that ended without the app closing it connects again: at once when a
 * command is sent on it (as ioredis's own lazy connect does for `wait`; the command then waits
 * in the offline queue, or fails fast where there is none), and after the usual reconnect delay
 * when nothing is sent (a subscriber). Its duplicates are kept connected the same way.
 */
export class KeptRedis extends Redis {
  private closedByApp = false;
  private endings = 0;

  constructor(options: RedisOptions) {
    super(options);
    this.on('ready', () => (this.endings = 0));
    this.on('end', () => {
      if (this.closedByApp) return;
      const timer = setTimeout(() => this.connectAgain(), reconnectDelay(++this.endings));
      timer.unref();
    });
  }

  override sendCommand(
    ...args: Parameters<Redis['sendCommand']>
  ): ReturnType<Redis['sendCommand']> {
    this.connectAgain();
    return super.sendCommand(...args);
  }

  override disconnect(reconnect = false): void {
    if (!reconnect) this.closedByApp = true;
    super.disconnect(reconnect);
  }

  override quit(callback?: Parameters<Redis['quit']>[0]): ReturnType<Redis['quit']> {
    this.closedByApp = true;
    return super.quit(callback);
  }

  override duplicate(override?: Partial<RedisOptions>): KeptRedis {
    return new KeptRedis({ ...this.options, ...override });
  }

  private connectAgain(): void {
    if (this.status === 'end' && !this.closedByApp) this.connect().catch(() => undefined);
  }
}

/**
 * A new connection to Redis, by URL or through the sentinels: the one factory of every
 * connection of the app and the worker (RedisService and its duplicates, the socket.io adapter;
 * BullMQ takes redisOptions and opens its own, queue/queues.ts).
 */
export function createRedis(
  config: RedisConfig,
  use: RedisUse,
  extra: RedisOptions = {},
): KeptRedis {
  return new KeptRedis({ ...redisOptions(config, use), ...extra });
}
