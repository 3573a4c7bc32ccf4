import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Language } from '../common/constants';
import { QUEUES, bullConnection } from '../jobs/queues';

/** Templates are `mail.<template>_subject` / `mail.<template>_body` in the server catalogues. */
export type MailTemplate = 'activation' | 'reset' | 'mail_change' | 'reactivation';

export interface LinkMailJob {
  userId: number;
  to: string;
  name: string;
  language: Language;
  template: MailTemplate;
  /** Site-relative link holding the single-use token (only its hash is in the database). */
  path: string;
}

export const MAIL_JOB = 'link-mail';

/** Producer side of the mail queue: sending is the worker's job, retried with backoff. */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private queue?: Queue;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get mailQueue(): Queue {
    this.queue ??= new Queue(QUEUES.mail, {
      connection: bullConnection(this.config.REDIS_URL),
      defaultJobOptions: {
        attempts: 8,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    });
    return this.queue;
  }

  async send(job: LinkMailJob): Promise<void> {
    await this.mailQueue.add(MAIL_JOB, job);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
