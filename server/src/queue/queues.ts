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
import { currentRequestId, reportError, withLogContext } from '../logging';
import { redisOptions, type RedisConfig } from '../redis/connection';
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
  campaign: 'campaign',
  postback: 'postback',
} as const;

/** The name of one of QUEUES. */
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

type RedisTimeouts = RedisConfig;

/**
 * BullMQ opens its connections itself from these options, so they cannot be KeptRedis
 * (redis/connection.ts): without the sentinels' failover detector, which is what ends an
 * ioredis connection for good when it cuts a reconnect (redis/ioredis#1683). A BullMQ
 * connection finds the new master on its next reconnect instead (every 0.2-2 s): the old
 * master's death closes it, a demoted master answers a write with READONLY (a reconnect), a
 * silent one trips the blocking read's socket timeout (config/timeouts.ts).
 */
const withoutFailoverDetector = (options: ConnectionOptions): ConnectionOptions => ({
  ...options,
  failoverDetector: false,
});

/**
 * A worker's connection: BullMQ needs its own (blocking commands), retried for ever, so a
 * worker rides out a Redis outage or a failover and carries on (kept alive; config/timeouts.ts;
 * by URL or through the sentinels, redis/connection.ts).
 */
export function workerConnection(config: RedisTimeouts): ConnectionOptions {
  return withoutFailoverDetector(redisOptions(config, { use: 'blocking' }));
}

/**
 * A request's connection to a queue (producers, the console's look at the queues): no offline
 * queue and short timeouts, so a request never waits long on a Redis that is down.
 */
export function requestConnection(config: RedisTimeouts): ConnectionOptions {
  return withoutFailoverDetector(redisOptions(config, { use: 'requests' }));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How long a request waits for a queue to take a job before it goes on without. */
const ADD_TIMEOUT_MS = 2_000;
/** How long `addBatched` gathers jobs for one bulk add. */
const BATCH_MS = 5;

/**
 * The producer side of a queue, for requests: opened on first use; while Redis is down, `add`
 * fails at once (no offline queue, at most ADD_TIMEOUT_MS) and never throws, so no request hangs
 * or fails on it. What must not be lost is written to PostgreSQL first (the mail outbox, the
 * deletion requests) and queued again later by the worker.
 */
export class Producer {
  private queue?: Queue;
  /** Jobs of `addBatched` waiting for the next bulk add, each with who waits for its outcome. */
  private pending: { name: string; data: unknown; done(queued: boolean): void }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

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
   * Queues one job with the others added within `BATCH_MS` (one bulk add: one round trip to
   * Redis for all of them, where `add` makes one each): for jobs a hot request makes on every
   * call (a notification per message sent). Resolves as `add` does, once its batch is queued;
   * a job waits at most BATCH_MS longer, and one still waiting at close is queued before it.
   */
  addBatched(job: string, data: unknown, fallback: string): Promise<boolean> {
    return new Promise<boolean>((done) => {
      this.pending.push({ name: job, data: withRequestId(data), done });
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = null;
        this.flushing = this.flush(fallback);
      }, BATCH_MS);
    });
  }

  private async flush(fallback: string): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      await within(
        this.open().addBulk(batch.map(({ name, data }) => ({ name, data }))),
        ADD_TIMEOUT_MS,
        `queueing ${batch.length} ${batch[0].name} jobs`,
      );
      for (const job of batch) job.done(true);
    } catch (error) {
      this.logger.warn(
        `${batch.length} ${batch[0].name} jobs not queued (${messageOf(error)}); ${fallback}`,
      );
      for (const job of batch) job.done(false);
    }
  }

  /**
   * Closes the queue (after queueing what `addBatched` still holds); one whose connection does
   * not close within ADD_TIMEOUT_MS (BullMQ's close can wait for ever after an outage,
   * taskforcesh/bullmq#4656) is cut.
   */
  async close(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
      this.flushing = this.flush('dropped at shutdown');
    }
    await this.flushing;
    const queue = this.queue;
    if (!queue) return;
    await within(queue.close(), ADD_TIMEOUT_MS, `closing the ${this.name} queue`)
      .catch(() => within(queue.disconnect(), ADD_TIMEOUT_MS, `cutting the ${this.name} queue`))
      .catch((error: unknown) => this.logger.warn(`${messageOf(error)}; shutting down anyway`));
  }

  private open(): Queue {
    if (this.queue) return this.queue;
    this.queue = new Queue(this.name, {
      connection: requestConnection(this.config),
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
