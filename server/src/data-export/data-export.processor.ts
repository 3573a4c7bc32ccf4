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
import { DATA_EXPORT_JOB, DataExportService, type DataExportJob } from './data-export.service';

/** The worker side of data exports: one job builds one member's ZIP (one at a time). */
@Injectable()
@QueueWorkerMark()
export class DataExportProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('DataExportWorker');
  private worker?: Worker;

  constructor(
    private readonly exports: DataExportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = startWorker(
      QUEUES.dataExport,
      async (job) => {
        if (job.name !== DATA_EXPORT_JOB) throw new Error(`Unknown data export job ${job.name}`);
        return this.exports.build((job.data as DataExportJob).exportId);
      },
      this.config,
      this.logger,
      { concurrency: 1 },
    );
    this.worker.on('failed', (job, error) => {
      const data = job?.data as DataExportJob | undefined;
      this.logger.error(
        `Data export ${data?.exportId ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`,
      );
    });
  }

  /** Stops taking jobs and lets a running export finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
