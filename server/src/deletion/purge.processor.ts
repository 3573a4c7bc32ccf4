import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { QUEUES, bullConnection } from '../jobs/queues';
import { DeletionService, PURGE_JOB, type PurgeJob } from './deletion.service';

/** Worker side of the delayed 14-day purge. */
@Injectable()
export class PurgeProcessor implements OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly deletion: DeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = new Worker(
      QUEUES.purge,
      async (job) => {
        if (job.name !== PURGE_JOB) throw new Error(`Unknown purge job ${job.name}`);
        return this.deletion.purge(job.data as PurgeJob);
      },
      { connection: bullConnection(this.config.REDIS_URL) },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
