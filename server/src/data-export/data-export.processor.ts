import { Injectable, Logger } from '@nestjs/common';
import { OnQueueFailed, QUEUES, QueueJob, type FailedJob } from '../queue';
import {
  DATA_EXPORT_JOB,
  DataExportService,
  dataExportJob,
  type DataExportJob,
} from './data-export.service';

/** The worker side of data exports: one job builds one member's ZIP (one at a time). */
@Injectable()
export class DataExportProcessor {
  private readonly logger = new Logger('DataExportWorker');

  constructor(private readonly exports: DataExportService) {}

  @QueueJob({
    queue: QUEUES.dataExport,
    name: DATA_EXPORT_JOB,
    schema: dataExportJob,
    concurrency: 1,
  })
  build(job: DataExportJob) {
    return this.exports.build(job.exportId);
  }

  @OnQueueFailed(QUEUES.dataExport)
  failed(job: FailedJob<DataExportJob>, error: Error): void {
    this.logger.error(
      `Data export ${job.data?.exportId ?? '?'} failed (attempt ${job.attemptsMade}): ${error.message}`,
    );
  }
}
