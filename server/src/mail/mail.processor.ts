import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { translate } from '../i18n/i18n';
import { QUEUES, bullConnection } from '../jobs/queues';
import { SettingsService } from '../settings/settings.service';
import { MailService } from './mail.service';
import { MAIL_JOB, type LinkMailJob } from './mail.jobs';

/** Worker side of the mail queue: renders the mail in the member's language and sends it. */
@Injectable()
export class MailProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger('MailWorker');
  private worker?: Worker;

  constructor(
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.worker = new Worker(QUEUES.mail, (job) => this.process(job), {
      connection: bullConnection(this.config.REDIS_URL),
      concurrency: 4,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        `${job?.name ?? 'mail'} attempt ${job?.attemptsMade ?? '?'} failed: ${error.message}`,
      ),
    );
  }

  get appUrl(): string {
    return (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
  }

  async process(job: Job): Promise<void> {
    if (job.name !== MAIL_JOB) throw new Error(`Unknown mail job ${job.name}`);
    const data = job.data as LinkMailJob;
    const { name: site } = await this.settings.stored();
    const link = `${this.appUrl}${data.path}`;
    await this.mail.send({
      to: data.to,
      subject: translate(data.language, `mail.${data.template}_subject`, { site }),
      text: translate(data.language, `mail.${data.template}_body`, { site, name: data.name, link }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
