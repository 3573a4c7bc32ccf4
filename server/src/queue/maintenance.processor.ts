import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, type Job, type Worker as BullWorker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { QUEUES, closeWorker, startWorker, workerConnection } from './queues';
import { Worker, type MaintenanceTask, type QueueWorker } from './registry';
import { WorkerRegistry } from './worker-registry';

const HOUR_MS = 3_600_000;

/**
 * Runs every `@Maintenance(name)` task of the worker process once an hour (a BullMQ job
 * scheduler per task, so one worker process runs each, whatever the number of processes).
 */
@Injectable()
@Worker()
export class MaintenanceProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('Maintenance');
  private worker?: BullWorker;
  private queue?: Queue;
  private tasks = new Map<string, MaintenanceTask>();
  /** Off in tests that queue maintenance jobs themselves. */
  schedule = true;

  constructor(
    private readonly registry: WorkerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(): Promise<void> {
    this.tasks = this.registry.maintenanceTasks();
    this.queue = new Queue(QUEUES.maintenance, { connection: workerConnection(this.config) });
    this.queue.on('error', (error) => this.logger.warn(`Maintenance queue: ${error.message}`));
    if (this.schedule) {
      for (const name of this.tasks.keys()) {
        await this.queue.upsertJobScheduler(name, { every: HOUR_MS }, { name });
      }
    }
    this.worker = startWorker(
      QUEUES.maintenance,
      (job) => this.process(job),
      this.config,
      this.logger,
    );
    this.worker.on('failed', (job, error) =>
      this.logger.error(`${job?.name ?? 'job'} failed: ${error.message}`),
    );
  }

  /** The names of the registered tasks (one job scheduler each). */
  taskNames(): string[] {
    return [...this.tasks.keys()];
  }

  async process(job: Job): Promise<Record<string, number>> {
    const task = this.tasks.get(job.name);
    if (!task) throw new Error(`Unknown maintenance job ${job.name}`);
    return task.run();
  }

  /** Stops taking jobs and lets the running ones finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
    await this.queue?.close();
  }
}
