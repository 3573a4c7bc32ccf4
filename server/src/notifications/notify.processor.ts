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
import { NotificationChannels } from './channels';
import { NOTIFY_JOB } from './notifier.service';
import type { NotifyEvent } from './notify-event';
import { Recipients } from './recipients.service';

/** Members who can be told anything: an open account (deleted, banned and purged are not). */
const REACHABLE = ['confirmed', 'not_confirmed'];

/**
 * The worker side of notifications: each event goes to every registered channel (mail, push)
 * with the recipient as they are now. A channel that fails is logged and does not stop the
 * others; the job is not retried for it (a second push or mail would be worse than none).
 */
@Injectable()
@QueueWorkerMark()
export class NotifyProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('NotifyWorker');
  private worker?: Worker;

  constructor(
    private readonly channels: NotificationChannels,
    private readonly recipients: Recipients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = startWorker(QUEUES.notify, (job) => this.process(job), this.config, this.logger, {
      concurrency: this.config.NOTIFY_CONCURRENCY,
    });
  }

  async process(job: Pick<Job, 'name' | 'data'>): Promise<string[]> {
    if (job.name !== NOTIFY_JOB) throw new Error(`Unknown notify job ${job.name}`);
    const event = job.data as NotifyEvent;
    const recipient = await this.recipients.find(event.recipientId);
    if (!recipient || !REACHABLE.includes(recipient.status)) return [];
    const told: string[] = [];
    for (const channel of this.channels.all()) {
      try {
        await channel.deliver(event, recipient);
        told.push(channel.name);
      } catch (error) {
        this.logger.warn(
          `${channel.name}: ${event.kind} notification of member ${event.recipientId} failed: ${String(error)}`,
        );
      }
    }
    return told;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.logger);
  }
}
