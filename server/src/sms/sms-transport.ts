/** How an SMS leaves the site: the dev outbox or a provider's HTTP API (twilio-sms.transport.ts). */
export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

/** Why a provider would not take a text to this number (the member's to correct). */
export type SmsRefusal = 'invalid_phone' | 'phone_unsupported';

/**
 * A text the provider refused or could not take. `refusal` is set when the number is at fault
 * (the member can give another); otherwise the provider or its configuration failed. `detail`
 * names the provider's code and status only: never the number or the text (they hold a code).
 */
export class SmsError extends Error {
  constructor(
    readonly detail: string,
    readonly refusal?: SmsRefusal,
  ) {
    super(detail);
  }
}
