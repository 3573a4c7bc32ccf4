import type { Logger } from '@nestjs/common';
import {
  Queue,
  Worker,
  type ConnectionOptions,
  type DefaultJobOptions,
  type Job,
  type JobsOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import { EventEmitter } from 'node:events';
import type { AppConfig } from '../config/config';
import { currentRequestId, reportError, withLogContext } from '../logging';
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
  photoScreen: 'photo-screen',
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
      await within(
        this.open().add(job, withRequestId(data), options),
        ADD_TIMEOUT_MS,
        `queueing ${job}`,
      );
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
  const run: Processor = (job, token, signal) =>
    runLogged(name, job, logger, () => process(job, token, signal));
  const worker = new Worker(name, run, { ...options, connection: workerConnection(config) });
  worker.on('error', (error) => logger.warn(`Worker ${name}: ${error.message}`));
  worker.on('completed', () => finishedJobs.emit('finished', name, 'completed'));
  worker.on('failed', () => finishedJobs.emit('finished', name, 'failed'));
  return worker;
}

/** Every job a worker of this process finished, by queue (the metrics count them). */
export const finishedJobs = new EventEmitter<{
  finished: [queue: string, outcome: 'completed' | 'failed'];
}>();

/**
 * A job's data with the id of the request (or job, or socket event) that queues it (`reqId`;
 * job data keeps its own fields, such as the purge's `requestId`), so the worker's lines of the
 * job carry the same `reqId`. Only ids travel in jobs, never personal data.
 */
function withRequestId(data: unknown): unknown {
  const reqId = currentRequestId();
  if (!reqId || typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  if (Object.hasOwn(data, 'reqId')) return data;
  return { ...data, reqId };
}

/**
 * Runs one job in a log context (its queue, name, id and the request id it was queued with) and
 * writes one line when it ends: completed with its duration, or failed with the error's message.
 */
async function runLogged<T>(queue: string, job: Job, logger: Logger, work: () => Promise<T>) {
  const data = job.data as { reqId?: unknown } | undefined;
  const reqId = typeof data?.reqId === 'string' ? data.reqId : undefined;
  return withLogContext({ reqId, queue, job: job.name, jobId: job.id }, async () => {
    const started = Date.now();
    try {
      const result = await work();
      logger.log(`Job ${queue}/${job.name} completed in ${Date.now() - started} ms`);
      return result;
    } catch (error) {
      logger.warn(
        `Job ${queue}/${job.name} failed after ${Date.now() - started} ms (attempt ${job.attemptsMade + 1}): ${messageOf(error)}`,
      );
      // the last attempt: the job is given up (earlier attempts are retried)
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        reportError(error, { request_id: reqId, queue, job: job.name });
      }
      throw error;
    }
  });
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
