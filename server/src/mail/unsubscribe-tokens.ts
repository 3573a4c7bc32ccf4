import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** The path of the one-click unsubscribe (RFC 8058) in every notification mail. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'vonkje', 'unsubscribe', 32));

/**
 * The token of a member's unsubscribe link: `<user id>.<HMAC of it>`, keyed by a key derived
 * from MAIL_LINK_SECRET (HKDF): nobody can make one for another member, and no table is needed.
 * It only ever turns notification mails off, so it does not expire. MEDIA_SECRET (the photo
 * URLs' key) plays no part, so rotating it leaves the links of mails already sent working; the
 * links of mails sent before MAIL_LINK_SECRET existed were keyed by MEDIA_SECRET and are still
 * accepted under it (until MEDIA_SECRET is rotated).
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: Buffer;
  private readonly legacyKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = keyOf(config.MAIL_LINK_SECRET);
    this.legacyKey = keyOf(config.MEDIA_SECRET);
  }

  tokenFor(userId: number): string {
    return `${userId}.${mac(this.key, userId)}`;
  }

  /** The member a token is for, or null when it is not one of ours. */
  userOf(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const given = Buffer.from(match[2]);
    const valid = [this.key, this.legacyKey].some((key) => {
      const expected = Buffer.from(mac(key, userId));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return valid ? userId : null;
  }
}

function mac(key: Buffer, userId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}
