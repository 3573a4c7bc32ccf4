import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** The path of the one-click unsubscribe (RFC 8058) in every notification mail. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';

/**
 * The token of a member's unsubscribe link: `<user id>.<HMAC of it>`, keyed by a key derived
 * from MEDIA_SECRET (HKDF): nobody can make one for another member, and no table is needed.
 * It only ever turns notification mails off, so it does not expire.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.MEDIA_SECRET, 'vonkje', 'unsubscribe', 32));
  }

  tokenFor(userId: number): string {
    return `${userId}.${this.mac(userId)}`;
  }

  /** The member a token is for, or null when it is not one of ours. */
  userOf(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const expected = Buffer.from(this.mac(userId));
    const given = Buffer.from(match[2]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  private mac(userId: number): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${userId}`).digest('base64url');
  }
}
