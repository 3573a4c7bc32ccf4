import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, smsTransport, type AppConfig } from '../config/config';

export interface SmsMessage {
  to: string;
  text: string;
  date: string;
}

/** How an SMS leaves the site. A real provider (an HTTP API) is one more implementation. */
export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

const OUTBOX_SIZE = 50;

/**
 * The development transport: the text goes to the log and to an in-memory outbox that
 * /dev/sms lists (development only, like the mail outbox at /dev/outbox) and tests read. Never
 * used in production (config refuses SMS_TRANSPORT=dev there).
 */
class DevSmsTransport implements SmsTransport {
  private readonly logger = new Logger('DevSms');
  readonly kept: SmsMessage[] = [];

  send(to: string, text: string): Promise<void> {
    this.kept.unshift({ to, text, date: new Date().toISOString() });
    this.kept.length = Math.min(this.kept.length, OUTBOX_SIZE);
    this.logger.log(`SMS to ${to}: ${text}`);
    return Promise.resolve();
  }
}

/** Sends SMS through the configured transport (SMS_TRANSPORT; none: SMS is switched off). */
@Injectable()
export class SmsService {
  private readonly dev = new DevSmsTransport();
  private readonly transport: SmsTransport | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = smsTransport(config) === 'dev' ? this.dev : null;
  }

  /** Whether SMS can be sent at all (direct debit needs it for its code). */
  get available(): boolean {
    return this.transport !== null;
  }

  async send(to: string, text: string): Promise<void> {
    if (!this.transport) throw new Error('No SMS transport is configured (SMS_TRANSPORT)');
    await this.transport.send(to, text);
  }

  /** The development outbox, newest first. */
  outbox(): readonly SmsMessage[] {
    return this.dev.kept;
  }
}
