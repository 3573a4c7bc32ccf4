import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  QUEUES,
  Worker as QueueWorkerMark,
  closeWorker,
  startWorker,
  type QueueWorker,
} from '../queue';
import { DeletionService, PURGE_ATTEMPTS, PURGE_JOB, type PurgeJob } from './deletion.service';

/** Worker side of the delayed 14-day purge (the hourly sweep backs it up). */
@Injectable()
@QueueWorkerMark()
export class PurgeProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('PurgeWorker');
  private worker?: Worker;

  constructor(
    private readonly deletion: DeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = startWorker(
      QUEUES.purge,
      async (job) => {
        if (job.name !== PURGE_JOB) throw new Error(`Unknown purge job ${job.name}`);
        return this.deletion.purge(job.data as PurgeJob);
      },
      this.config,
      this.logger,
    );
    this.worker.on('failed', (job, error) => {
      const data = job?.data as PurgeJob | undefined;
      const final = job ? job.attemptsMade >= (job.opts.attempts ?? PURGE_ATTEMPTS) : false;
      this.logger.error(
        `PURGE FAILED for deletion request ${data?.requestId ?? '?'} (attempt ${job?.attemptsMade ?? '?'}${final ? ', last; the hourly sweep keeps trying' : ''}): ${error.message}`,
      );
    });
  }

  /** Stops taking jobs and lets a running purge finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
