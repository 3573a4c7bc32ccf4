import { Injectable, Logger } from '@nestjs/common';

/**
 * Told after a payment's credit change is committed (a purchase booked, a refund or chargeback
 * taken back): the place to tell the member's open tabs. The chat work brings the realtime
 * service that emits `credits:changed` (contract events.ts) to the member's sockets; it is wired
 * in here at merge. Until then the web reads the user again on the payment's result screen.
 */
@Injectable()
export class CreditsChangedNotifier {
  private readonly logger = new Logger('CreditsChanged');

  /** After credits changed (committed): the member's new balance. Never throws. */
  afterCreditsChanged(userId: number, credits: number): void {
    this.logger.debug(`member ${userId} now has ${credits} credits`);
  }
}
