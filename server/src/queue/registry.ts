import { SetMetadata } from '@nestjs/common';
import type { Job, WorkerOptions } from 'bullmq';
import type { z } from 'zod';
import type { AppConfig } from '../config/config';
import type { QueueName } from './queues';

const QUEUE_JOB = 'queue:job';
const QUEUE_FAILED = 'queue:failed';
const MAINTENANCE_TASK = 'queue:maintenance-task';

/** How a queue's jobs are run (`@QueueJob`). */
export interface QueueJobOptions<S extends z.ZodType = z.ZodType> {
  queue: QueueName;
  /**
   * The job's name: a job of another name fails at once. Omitted: every job of the queue (the
   * maintenance queue, one name per task).
   */
  name?: string;
  /**
   * The payload: a job whose data does not parse (queued by an older deploy, say) fails at once,
   * without retries, naming what is wrong; the handler gets the parsed data.
   */
  schema: S;
  /** Jobs run at once in one worker process (BullMQ's default: 1), or read from the config. */
  concurrency?: number | ((config: AppConfig) => number);
  settings?: WorkerOptions['settings'];
}

/** A queue's handler: the parsed payload and the job (its name, id, attempts). */
export type QueueHandler<S extends z.ZodType> = (data: z.infer<S>, job: Job) => Promise<unknown>;

/**
 * Marks the method that runs a queue's jobs in the worker process. The WorkerRegistry starts
 * the queue's BullMQ worker (one per queue), parses each payload with `schema` before the
 * method sees it, and closes the worker on shutdown, letting running jobs finish while
 * PostgreSQL and Redis are still open.
 */
export const QueueJob =
  <S extends z.ZodType>(options: QueueJobOptions<S>) =>
  <H extends QueueHandler<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ) => {
    SetMetadata(QUEUE_JOB, options)(target, key, descriptor);
  };

/** A job that failed, as its queue's `@OnQueueFailed` method gets it. */
export interface FailedJob<T> {
  /** The job's name ('?' when the job is gone). */
  name: string;
  /** The parsed payload; undefined when it did not parse (or the job is gone). */
  data: T | undefined;
  attemptsMade: number;
  /** No attempt follows: the last one, or a failure that is not retried. */
  last: boolean;
}

/** Marks the method told of each failed attempt of a queue's jobs (a log line, a metric). */
export const OnQueueFailed = (queue: QueueName) => SetMetadata(QUEUE_FAILED, queue);

/**
 * Work a processor does beside its queue's jobs in the worker process (the mail relay, the
 * maintenance schedules): started before its worker and stopped after the worker closed.
 */
export interface QueueCompanion {
  onWorkerStart?(): void | Promise<void>;
  onWorkerStop?(): void | Promise<void>;
}

/**
 * Housekeeping a feature needs done every hour in the worker process (the maintenance queue
 * schedules and runs it): returns counts for the job's result.
 */
export interface MaintenanceTask {
  run(now?: Date): Promise<Record<string, number>>;
}

/** Marks a provider as an hourly maintenance task under a unique job name. */
export const Maintenance = (name: string) => SetMetadata(MAINTENANCE_TASK, name);

export const REGISTRY_KEYS = { QUEUE_JOB, QUEUE_FAILED, MAINTENANCE_TASK } as const;
