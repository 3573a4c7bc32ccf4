import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  QUEUES,
  Worker as QueueWorkerMark,
  closeWorker,
  startWorker,
  type QueueWorker,
} from '../queue';
import { BATCH_JOB, type MailBatch } from './mail-channel';
import { NotificationBatches } from './notification-batches';

/** The worker side of the notification mails' quiet periods: each ended period is one batch. */
@Injectable()
@QueueWorkerMark()
export class NotificationBatchProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('NotificationMailWorker');
  private worker?: Worker;

  constructor(
    private readonly batches: NotificationBatches,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = startWorker(
      QUEUES.notificationMail,
      (job) => this.process(job),
      this.config,
      this.logger,
      { concurrency: 8 },
    );
  }

  process(job: Pick<Job, 'name' | 'data'>): Promise<string> {
    if (job.name !== BATCH_JOB) throw new Error(`Unknown notification mail job ${job.name}`);
    return this.batches.send(job.data as MailBatch);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
