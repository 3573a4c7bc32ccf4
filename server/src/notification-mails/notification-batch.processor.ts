import { Injectable } from '@nestjs/common';
import { QUEUES, QueueJob } from '../queue';
import { BATCH_JOB, mailBatch, type MailBatch } from './mail-channel';
import { NotificationBatches } from './notification-batches';

/** The worker side of the notification mails' quiet periods: each ended period is one batch. */
@Injectable()
export class NotificationBatchProcessor {
  constructor(private readonly batches: NotificationBatches) {}

  @QueueJob({ queue: QUEUES.notificationMail, name: BATCH_JOB, schema: mailBatch, concurrency: 8 })
  send(batch: MailBatch): Promise<string> {
    return this.batches.send(batch);
  }
}
