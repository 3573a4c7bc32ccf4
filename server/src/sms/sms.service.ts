import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { APP_CONFIG, smsTransport, type AppConfig } from '../config/config';
import { SmsError, type SmsTransport } from './sms-transport';
import { TwilioSmsTransport } from './twilio-sms.transport';

export type { SmsTransport } from './sms-transport';

export interface SmsMessage {
  to: string;
  text: string;
  date: string;
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

function transportOf(config: AppConfig, dev: DevSmsTransport): SmsTransport | null {
  switch (smsTransport(config)) {
    case 'dev':
      return dev;
    case 'twilio':
      // config requires these with SMS_TRANSPORT=twilio
      return new TwilioSmsTransport({
        accountSid: config.TWILIO_ACCOUNT_SID as string,
        authToken: config.TWILIO_AUTH_TOKEN as string,
        sender: config.SMS_SENDER as string,
        apiUrl: config.TWILIO_API_URL,
      });
    case 'none':
      return null;
  }
}

/** Sends SMS through the configured transport (SMS_TRANSPORT; none: SMS is switched off). */
@Injectable()
export class SmsService {
  private readonly logger = new Logger('Sms');
  private readonly dev = new DevSmsTransport();
  private readonly transport: SmsTransport | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = transportOf(config, this.dev);
  }

  /** Whether SMS can be sent at all (direct debit needs it for its code). */
  get available(): boolean {
    return this.transport !== null;
  }

  /**
   * Texts `to`. A number the provider refuses is the member's `invalid_phone` or
   * `phone_unsupported` (field phone); a provider that fails makes the method
   * `payment_method_unavailable`. Failures are logged without the number or the text.
   */
  async send(to: string, text: string): Promise<void> {
    if (!this.transport) throw new Error('No SMS transport is configured (SMS_TRANSPORT)');
    try {
      await this.transport.send(to, text);
    } catch (error) {
      if (!(error instanceof SmsError)) throw error;
      if (error.refusal) {
        this.logger.warn(`SMS not sent, the number was refused (${error.detail})`);
        throw new AppError(error.refusal, {}, 'phone');
      }
      this.logger.error(`SMS not sent (${error.detail})`);
      throw new AppError('payment_method_unavailable');
    }
  }

  /** The development outbox, newest first. */
  outbox(): readonly SmsMessage[] {
    return this.dev.kept;
  }
}
