import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { SmsError, type SmsRefusal, type SmsTransport } from './sms-transport';

/** How long a send may wait on Twilio (a member's request waits on it). */
export const TWILIO_TIMEOUT_MS = 3_000;

/**
 * Twilio's codes for a `To` the member can correct (twilio.com/docs/api/errors): not a valid
 * number (21211) or not a mobile one (21614); a number Twilio cannot text from this account
 * (a region not enabled 21408, unreachable 21612, or opted out with STOP 21610). Any other
 * refusal is the site's configuration or Twilio itself.
 */
const REFUSALS: Record<number, SmsRefusal> = {
  21211: 'invalid_phone',
  21614: 'invalid_phone',
  21408: 'phone_unsupported',
  21610: 'phone_unsupported',
  21612: 'phone_unsupported',
};

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number (E.164), an alphanumeric sender id, or a Messaging Service SID (MG...). */
  sender: string;
  /** Another address for Twilio's REST API (a stand-in in tests, an egress proxy). */
  apiUrl?: string;
}

/**
 * Twilio's own request client, with every request sent to another origin (the library's
 * `httpClient` option): path, Basic auth and form fields stay what the library makes.
 */
class RelocatedRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: URL) {
    super({ timeout: TWILIO_TIMEOUT_MS, keepAlive: true });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.origin.protocol;
    uri.host = this.origin.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/** SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json). */
export class TwilioSmsTransport implements SmsTransport {
  private readonly client: twilio.Twilio;
  private readonly sender: { from: string } | { messagingServiceSid: string };

  constructor(options: TwilioOptions) {
    const httpClient = options.apiUrl
      ? new RelocatedRequestClient(new URL(options.apiUrl))
      : new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS, keepAlive: true });
    this.client = twilio(options.accountSid, options.authToken, { httpClient });
    this.sender = /^MG[0-9a-f]{32}$/.test(options.sender)
      ? { messagingServiceSid: options.sender }
      : { from: options.sender };
  }

  async send(to: string, text: string): Promise<void> {
    try {
      await this.client.messages.create({ to, body: text, ...this.sender });
    } catch (error) {
      // Twilio's message repeats the number ("The 'To' number +31... is not valid"): only its
      // code and status go on
      if (error instanceof twilio.RestException) {
        const refusal = error.code === undefined ? undefined : REFUSALS[error.code];
        throw new SmsError(
          `Twilio refused the text: code ${error.code}, status ${error.status}`,
          refusal,
        );
      }
      const name =
        error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'unknown';
      throw new SmsError(`Twilio could not be reached: ${name}`);
    }
  }
}
