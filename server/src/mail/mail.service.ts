import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same in HTML (the mail layout), sent as the alternative to the text. */
  html?: string;
  /** Extra headers (List-Unsubscribe of notification mails). */
  headers?: Record<string, string>;
}

export interface KeptMail extends OutgoingMail {
  from: string;
  date: string;
}

/**
 * Sends mail over SMTP (SMTP_URL; Mailpit in docker-compose). Without SMTP_URL, mails are kept
 * as .eml files in the local outbox (STORAGE_DIR/outbox), which the development-only page
 * /dev/outbox lists, so activation works on a bare machine.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get outboxDir(): string {
    return path.resolve(this.config.STORAGE_DIR, 'outbox');
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.config.SMTP_URL) {
      await mkdir(this.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      const kept: KeptMail = {
        ...mail,
        from: this.config.MAIL_FROM,
        date: new Date().toISOString(),
      };
      await writeFile(path.join(this.outboxDir, file), JSON.stringify(kept, null, 2));
      this.logger.log('Mail kept in the local outbox: /dev/outbox');
      return;
    }
    // bounded waits: a silent mail server fails the attempt, which is retried later
    this.transport ??= nodemailer.createTransport({
      url: this.config.SMTP_URL,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    const { headers, ...rest } = mail;
    await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      ...rest,
      // our own values, sent as written: folding could break a List-Unsubscribe address
      ...(headers && {
        headers: Object.fromEntries(
          Object.entries(headers).map(([key, value]) => [key, { prepared: true, value }]),
        ),
      }),
    });
  }

  /** The local outbox, newest first (development only). */
  async outbox(): Promise<KeptMail[]> {
    let files: string[] = [];
    try {
      files = (await readdir(this.outboxDir)).filter((f) => f.endsWith('.json'));
    } catch {
      return [];
    }
    files.sort().reverse();
    return Promise.all(
      files
        .slice(0, 50)
        .map(
          async (f) => JSON.parse(await readFile(path.join(this.outboxDir, f), 'utf8')) as KeptMail,
        ),
    );
  }
}
