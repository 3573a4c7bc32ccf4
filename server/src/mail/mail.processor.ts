import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { OnQueueFailed, QUEUES, QueueJob, type FailedJob, type QueueCompanion } from '../queue';
import { Metrics } from '../metrics';
import { MailDelivery, type Delivery } from './mail-delivery.service';
import { MAIL_JOB, MailOutbox, mailJob, mailRetryDelay, type MailJob } from './mail-outbox.service';

/**
 * The worker side of the mail queue: each job sends one intent (MailDelivery), retried for more
 * than a day; beside it, the relay queues intents that could not be queued when they were made
 * (started with the queue's worker and stopped after it).
 */
@Injectable()
export class MailProcessor implements QueueCompanion {
  private readonly logger = new Logger('MailWorker');
  private relayTimer?: NodeJS.Timeout;
  private relaying?: Promise<unknown>;

  constructor(
    private readonly delivery: MailDelivery,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  @QueueJob({
    queue: QUEUES.mail,
    name: MAIL_JOB,
    schema: mailJob,
    concurrency: 4,
    settings: { backoffStrategy: (attemptsMade: number) => mailRetryDelay(attemptsMade) },
  })
  async send(job: MailJob): Promise<Delivery> {
    const delivery = await this.delivery.deliver(job.intentId);
    this.metrics.mails.inc({ outcome: delivery });
    return delivery;
  }

  @OnQueueFailed(QUEUES.mail)
  failed(job: FailedJob<MailJob>, error: Error): void {
    this.metrics.mails.inc({ outcome: job.last ? 'failed' : 'retried' });
    const intentId = job.data?.intentId;
    if (intentId === undefined) return;
    if (job.last) {
      void this.delivery.giveUp(intentId, error.message).catch((e: unknown) => {
        this.logger.error(`Could not record the failure of mail intent ${intentId}: ${String(e)}`);
      });
    } else {
      this.logger.warn(
        `Mail intent ${intentId}: attempt ${job.attemptsMade} failed (${error.message}); retrying`,
      );
    }
  }

  onWorkerStart(): void {
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

  async onWorkerStop(): Promise<void> {
    clearInterval(this.relayTimer);
    await this.relaying;
  }
}
