import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Language } from '../common/constants';
import { QUEUES, bullConnection } from '../jobs/queues';

export interface ActivationMailJob {
  userId: number;
  email: string;
  name: string;
  language: Language;
  /** Single-use token; only its hash is stored in the database. */
  token: string;
}

export const MAIL_JOBS = { activation: 'activation' } as const;

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

  async activation(job: ActivationMailJob): Promise<void> {
    await this.mailQueue.add(MAIL_JOBS.activation, job);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close();
  }
}
