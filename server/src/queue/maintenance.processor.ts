import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { QUEUES, workerConnection } from './queues';
import {
  OnQueueFailed,
  QueueJob,
  type FailedJob,
  type MaintenanceTask,
  type QueueCompanion,
} from './registry';
import { WorkerRegistry } from './worker-registry';

const HOUR_MS = 3_600_000;

/**
 * Runs every `@Maintenance(name)` task of the worker process once an hour (a BullMQ job
 * scheduler per task, so one worker process runs each, whatever the number of processes). The
 * schedules are set when the queue's worker starts.
 */
@Injectable()
export class MaintenanceProcessor implements QueueCompanion {
  private readonly logger = new Logger('Maintenance');
  private queue?: Queue;
  private tasks = new Map<string, MaintenanceTask>();
  /** Off in tests that queue maintenance jobs themselves. */
  schedule = true;

  constructor(
    private readonly registry: WorkerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onWorkerStart(): Promise<void> {
    this.tasks = this.registry.maintenanceTasks();
    this.queue = new Queue(QUEUES.maintenance, { connection: workerConnection(this.config) });
    this.queue.on('error', (error) => this.logger.warn(`Maintenance queue: ${error.message}`));
    if (this.schedule) {
      for (const name of this.tasks.keys()) {
        await this.queue.upsertJobScheduler(name, { every: HOUR_MS }, { name });
      }
    }
  }

  /** The names of the registered tasks (one job scheduler each). */
  taskNames(): string[] {
    return [...this.tasks.keys()];
  }

  /** A task's run (its job's name; the payload carries nothing). */
  @QueueJob({ queue: QUEUES.maintenance, schema: z.unknown() })
  async run(_data: unknown, job: Job): Promise<Record<string, number>> {
    const task = this.tasks.get(job.name);
    if (!task) throw new UnrecoverableError(`Unknown maintenance job ${job.name}`);
    return task.run();
  }

  @OnQueueFailed(QUEUES.maintenance)
  failed(job: FailedJob<unknown>, error: Error): void {
    this.logger.error(`${job.name} failed: ${error.message}`);
  }

  async onWorkerStop(): Promise<void> {
    await this.queue?.close();
  }
}
