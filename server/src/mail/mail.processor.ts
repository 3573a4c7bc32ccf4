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
import { Metrics } from '../metrics';
import { MailDelivery, type Delivery } from './mail-delivery.service';
import {
  MAIL_ATTEMPTS,
  MAIL_JOB,
  MailOutbox,
  mailRetryDelay,
  type MailJob,
} from './mail-outbox.service';

/**
 * The worker side of the mail queue: each job sends one intent (MailDelivery), retried for more
 * than a day; beside it, the relay queues intents that could not be queued when they were made.
 */
@Injectable()
@QueueWorkerMark()
export class MailProcessor implements QueueWorker, BeforeApplicationShutdown {
  private readonly logger = new Logger('MailWorker');
  private worker?: Worker;
  private relayTimer?: NodeJS.Timeout;
  private relaying?: Promise<unknown>;

  constructor(
    private readonly delivery: MailDelivery,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  start(): void {
    this.worker = startWorker(QUEUES.mail, (job) => this.process(job), this.config, this.logger, {
      concurrency: 4,
      settings: { backoffStrategy: (attemptsMade: number) => mailRetryDelay(attemptsMade) },
    });
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const data = job.data as MailJob;
      const last = job.attemptsMade >= (job.opts.attempts ?? MAIL_ATTEMPTS);
      this.metrics.mails.inc({ outcome: last ? 'failed' : 'retried' });
      if (last) {
        void this.delivery.giveUp(data.intentId, error.message).catch((e: unknown) => {
          this.logger.error(
            `Could not record the failure of mail intent ${data.intentId}: ${String(e)}`,
          );
        });
      } else {
        this.logger.warn(
          `Mail intent ${data.intentId}: attempt ${job.attemptsMade} failed (${error.message}); retrying`,
        );
      }
    });
    this.relayTimer = setInterval(() => void this.relayOnce(), this.config.MAIL_RELAY_INTERVAL_MS);
    void this.relayOnce();
  }

  /** One pass of the relay (also called by tests); a pass still running is not doubled. */
  relayOnce(): Promise<unknown> {
    this.relaying ??= this.outbox
      .relay()
      .catch((error: unknown) => this.logger.warn(`Mail relay: ${String(error)}`))
      .finally(() => (this.relaying = undefined));
    return this.relaying;
  }

  async process(job: Job): Promise<Delivery> {
    if (job.name !== MAIL_JOB) throw new Error(`Unknown mail job ${job.name}`);
    const delivery = await this.delivery.deliver((job.data as MailJob).intentId);
    this.metrics.mails.inc({ outcome: delivery });
    return delivery;
  }

  /** Stops taking jobs and lets the running ones finish, while PostgreSQL and Redis are open. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.relayTimer);
    await this.relaying;
    await closeWorker(this.worker, this.logger);
  }
}
