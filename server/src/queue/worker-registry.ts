import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { closeWorker, startWorker, type QueueName } from './queues';
import {
  REGISTRY_KEYS,
  type FailedJob,
  type MaintenanceTask,
  type QueueCompanion,
  type QueueJobOptions,
} from './registry';

/** A `@QueueJob` method and the provider it belongs to. */
interface QueueHandlerEntry {
  instance: QueueCompanion;
  options: QueueJobOptions;
  run: (data: unknown, job: Job) => Promise<unknown>;
  failed?: (job: FailedJob<unknown>, error: Error) => unknown;
}

type Handler = (...args: unknown[]) => unknown;

/**
 * The processor registry: finds every `@QueueJob` method and `@Maintenance(name)` task of the
 * worker process's providers, so a feature adds a job by declaring it and the worker process
 * runs what is there without knowing the features. It owns the workers' lifecycle: one BullMQ
 * worker per queue, each payload parsed with its schema before the handler sees it, and on
 * shutdown every worker closed (running jobs finish) while PostgreSQL and Redis are still open.
 */
@Injectable()
export class WorkerRegistry implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly running = new Map<
    QueueName,
    { worker: Worker; entry: QueueHandlerEntry; logger: Logger }
  >();
  private handlers?: Map<QueueName, QueueHandlerEntry>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly scanner: MetadataScanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private instances(): object[] {
    return this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .map((wrapper) => wrapper.instance as object);
  }

  /** Every queue's handler, found once. */
  queueHandlers(): Map<QueueName, QueueHandlerEntry> {
    if (this.handlers) return this.handlers;
    const handlers = new Map<QueueName, QueueHandlerEntry>();
    const failures = new Map<QueueName, QueueHandlerEntry['failed']>();
    for (const instance of this.instances()) {
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const key of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, Handler>)[key];
        const options = this.reflector.get<QueueJobOptions | undefined>(
          REGISTRY_KEYS.QUEUE_JOB,
          method,
        );
        if (options) {
          if (handlers.has(options.queue))
            throw new Error(`Two handlers of queue ${options.queue}`);
          handlers.set(options.queue, {
            instance,
            options,
            run: (data, job) => method.call(instance, data, job) as Promise<unknown>,
          });
        }
        const failedOf = this.reflector.get<QueueName | undefined>(
          REGISTRY_KEYS.QUEUE_FAILED,
          method,
        );
        if (failedOf) failures.set(failedOf, (job, error) => method.call(instance, job, error));
      }
    }
    for (const [queue, failed] of failures) {
      const entry = handlers.get(queue);
      if (!entry) throw new Error(`@OnQueueFailed(${queue}) without a @QueueJob of that queue`);
      entry.failed = failed;
    }
    this.handlers = handlers;
    return handlers;
  }

  /** The providers that run a queue's jobs. */
  workers(): object[] {
    return [...new Set([...this.queueHandlers().values()].map((entry) => entry.instance))];
  }

  maintenanceTasks(): Map<string, MaintenanceTask> {
    const tasks = new Map<string, MaintenanceTask>();
    for (const instance of this.instances()) {
      const value = this.reflector.get<string | undefined>(
        REGISTRY_KEYS.MAINTENANCE_TASK,
        instance.constructor as () => unknown,
      );
      if (value === undefined) continue;
      if (tasks.has(value)) throw new Error(`Two maintenance tasks named ${value}`);
      tasks.set(value, instance as MaintenanceTask);
    }
    return tasks;
  }

  /** Starts every queue's worker (the worker process's entry point calls this). */
  async startAll(): Promise<void> {
    const queues = [...this.queueHandlers().keys()];
    for (const queue of queues) await this.start(queue);
    this.logger.log(`Started ${queues.length} queue workers`);
  }

  /** Starts one queue's worker (once; tests start the ones they drain). */
  async start(queue: QueueName): Promise<void> {
    if (this.running.has(queue)) return;
    const entry = this.queueHandlers().get(queue);
    if (!entry) throw new Error(`No @QueueJob handles the ${queue} queue`);
    const logger = new Logger(`Worker ${queue}`);
    await entry.instance.onWorkerStart?.();
    const { settings } = entry.options;
    const concurrency =
      typeof entry.options.concurrency === 'function'
        ? entry.options.concurrency(this.config)
        : entry.options.concurrency;
    const worker = startWorker(queue, (job) => this.run(entry, job), this.config, logger, {
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(settings === undefined ? {} : { settings }),
    });
    worker.on('failed', (job, error) => {
      if (!entry.failed) return;
      const parsed = job ? entry.options.schema.safeParse(job.data) : undefined;
      const attemptsMade = job?.attemptsMade ?? 0;
      const last = error instanceof UnrecoverableError || attemptsMade >= (job?.opts.attempts ?? 1);
      try {
        void Promise.resolve(
          entry.failed(
            {
              name: job?.name ?? '?',
              data: parsed?.success ? parsed.data : undefined,
              attemptsMade,
              last,
            },
            error,
          ),
        ).catch((e: unknown) => logger.error(`Failure handler: ${String(e)}`));
      } catch (e) {
        logger.error(`Failure handler: ${String(e)}`);
      }
    });
    this.running.set(queue, { worker, entry, logger });
  }

  /** One job: its name and payload checked, then the handler with the parsed payload. */
  private async run(entry: QueueHandlerEntry, job: Job): Promise<unknown> {
    const { queue, name, schema } = entry.options;
    if (name !== undefined && job.name !== name) {
      throw new UnrecoverableError(`Unknown ${queue} job ${job.name}`);
    }
    const parsed = schema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(
        `Job ${queue}/${job.name} (${job.id ?? '?'}) has a payload this version cannot read: ` +
          z.prettifyError(parsed.error).replace(/\n/g, '; '),
      );
    }
    return entry.run(parsed.data, job);
  }

  /** Stops taking jobs and lets the running ones finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    const running = [...this.running.values()];
    this.running.clear();
    await Promise.all(
      running.map(async ({ worker, entry, logger }) => {
        await closeWorker(worker, logger);
        await entry.instance.onWorkerStop?.();
      }),
    );
  }
}
