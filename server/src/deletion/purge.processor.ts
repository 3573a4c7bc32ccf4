import { Injectable, Logger } from '@nestjs/common';
import { OnQueueFailed, QUEUES, QueueJob, type FailedJob } from '../queue';
import { DeletionService, PURGE_JOB, purgeJob, type PurgeJob } from './deletion.service';

/** Worker side of the delayed 14-day purge (the hourly sweep backs it up). */
@Injectable()
export class PurgeProcessor {
  private readonly logger = new Logger('PurgeWorker');

  constructor(private readonly deletion: DeletionService) {}

  @QueueJob({ queue: QUEUES.purge, name: PURGE_JOB, schema: purgeJob })
  purge(job: PurgeJob) {
    return this.deletion.purge(job);
  }

  @OnQueueFailed(QUEUES.purge)
  failed(job: FailedJob<PurgeJob>, error: Error): void {
    this.logger.error(
      `PURGE FAILED for deletion request ${job.data?.requestId ?? '?'} (attempt ${job.attemptsMade}${job.last ? ', last; the hourly sweep keeps trying' : ''}): ${error.message}`,
    );
  }
}
