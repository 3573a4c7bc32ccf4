import type { Logger } from '@nestjs/common';
import { Queue, type ConnectionOptions, type DefaultJobOptions, type Worker } from 'bullmq';
import type { AppConfig } from '../config/config';

/** BullMQ queue names; one place so producers and the worker agree. */
export const QUEUES = {
  maintenance: 'maintenance',
  mail: 'mail',
  purge: 'purge',
} as const;

type RedisTimeouts = Pick<
  AppConfig,
  'REDIS_URL' | 'REDIS_CONNECT_TIMEOUT_MS' | 'REDIS_COMMAND_TIMEOUT_MS'
>;

/** Reconnect soon after an outage: every 0.2 s at first, then at most every 2 s. */
const reconnectDelay = (times: number) => Math.min(times * 200, 2_000);

function fromUrl(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    retryStrategy: reconnectDelay,
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.slice(1) || 0),
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * A worker's connection: BullMQ needs its own (blocking commands), retried for ever, so a
 * worker rides out a Redis outage and carries on.
 */
export function workerConnection(config: RedisTimeouts): ConnectionOptions {
  return {
    ...fromUrl(config.REDIS_URL),
    connectTimeout: config.REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
  };
}

/**
 * A producer's queue (requests add jobs): while Redis is down, `add` fails at once instead of
 * waiting in ioredis' offline queue, so no request hangs; what must not be lost is written to
 * PostgreSQL first (the mail outbox, the deletion requests) and queued again later.
 */
export function producerQueue(
  name: string,
  config: RedisTimeouts,
  logger: Logger,
  defaultJobOptions?: DefaultJobOptions,
): Queue {
  const queue = new Queue(name, {
    connection: {
      ...fromUrl(config.REDIS_URL),
      connectTimeout: config.REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    },
    defaultJobOptions,
  });
  queue.on('error', (error) => logger.warn(`Queue ${name}: ${error.message}`));
  return queue;
}

/** Rejects when `promise` takes longer than `ms`: a queue call never holds a request up. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Closes a worker, letting its running jobs finish, but never holds shutdown up for longer than
 * `ms`: BullMQ's close can wait for ever on a connection that is still reconnecting after a
 * Redis outage (taskforcesh/bullmq#4656).
 */
export async function closeWorker(worker: Worker | undefined, logger: Logger, ms = 10_000) {
  if (!worker) return;
  try {
    await within(worker.close(), ms, `closing the ${worker.name} worker`);
  } catch (error) {
    logger.warn(`${error instanceof Error ? error.message : String(error)}; shutting down anyway`);
  }
}
