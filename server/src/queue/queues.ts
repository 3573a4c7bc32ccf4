import type { Logger } from '@nestjs/common';
import {
  Queue,
  Worker,
  type ConnectionOptions,
  type DefaultJobOptions,
  type JobsOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import type { AppConfig } from '../config/config';
import { redisBlockingOptions, redisRequestOptions } from '../config/timeouts';
import { within } from '../common/within';

/** BullMQ queue names; one place so producers and the worker agree. */
export const QUEUES = {
  maintenance: 'maintenance',
  mail: 'mail',
  notify: 'notify',
  notificationMail: 'notification-mail',
  purge: 'purge',
  dataExport: 'data-export',
} as const;

type RedisTimeouts = Pick<
  AppConfig,
  'REDIS_URL' | 'REDIS_CONNECT_TIMEOUT_MS' | 'REDIS_COMMAND_TIMEOUT_MS' | 'TCP_KEEPALIVE_MS'
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
 * worker rides out a Redis outage and carries on (kept alive; config/timeouts.ts).
 */
export function workerConnection(config: RedisTimeouts): ConnectionOptions {
  return { ...fromUrl(config.REDIS_URL), ...redisBlockingOptions(config) };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How long a request waits for a queue to take a job before it goes on without. */
const ADD_TIMEOUT_MS = 2_000;

/**
 * The producer side of a queue, for requests: opened on first use; while Redis is down, `add`
 * fails at once (no offline queue, at most ADD_TIMEOUT_MS) and never throws, so no request hangs
 * or fails on it. What must not be lost is written to PostgreSQL first (the mail outbox, the
 * deletion requests) and queued again later by the worker.
 */
export class Producer {
  private queue?: Queue;

  constructor(
    private readonly name: string,
    private readonly config: RedisTimeouts,
    private readonly logger: Logger,
    private readonly defaultJobOptions?: DefaultJobOptions,
  ) {}

  /**
   * Queues one job; false (logged with `fallback`, what happens instead) when the queue could
   * not take it now.
   */
  async add(job: string, data: unknown, options: JobsOptions, fallback: string): Promise<boolean> {
    try {
      await within(this.open().add(job, data, options), ADD_TIMEOUT_MS, `queueing ${job}`);
      return true;
    } catch (error) {
      this.logger.warn(`${options.jobId ?? job} not queued (${messageOf(error)}); ${fallback}`);
      return false;
    }
  }

  /**
   * Closes the queue; one whose connection does not close within ADD_TIMEOUT_MS (BullMQ's close
   * can wait for ever after an outage, taskforcesh/bullmq#4656) is cut.
   */
  async close(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    await within(queue.close(), ADD_TIMEOUT_MS, `closing the ${this.name} queue`)
      .catch(() => within(queue.disconnect(), ADD_TIMEOUT_MS, `cutting the ${this.name} queue`))
      .catch((error: unknown) => this.logger.warn(`${messageOf(error)}; shutting down anyway`));
  }

  private open(): Queue {
    if (this.queue) return this.queue;
    this.queue = new Queue(this.name, {
      connection: { ...fromUrl(this.config.REDIS_URL), ...redisRequestOptions(this.config) },
      defaultJobOptions: this.defaultJobOptions,
    });
    this.queue.on('error', (error) => this.logger.warn(`Queue ${this.name}: ${error.message}`));
    return this.queue;
  }
}

/**
 * A worker of the worker process on its own connection (workerConnection), its connection
 * errors logged rather than thrown as unhandled events; close it with closeWorker.
 */
export function startWorker(
  name: string,
  process: Processor,
  config: RedisTimeouts,
  logger: Logger,
  options: Omit<WorkerOptions, 'connection'> = {},
): Worker {
  const worker = new Worker(name, process, { ...options, connection: workerConnection(config) });
  worker.on('error', (error) => logger.warn(`Worker ${name}: ${error.message}`));
  return worker;
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
    logger.warn(`${messageOf(error)}; shutting down anyway`);
  }
}
