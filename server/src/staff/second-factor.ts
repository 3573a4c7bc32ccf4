import { Inject, Injectable } from '@nestjs/common';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { STAFF_RECOVERY_CODES } from '@app/contract';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** Accepted clock drift: the code of the step before and after (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;
/** Recovery codes: two groups of five from an alphabet without look-alikes (~50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'vonkje', purpose, 32));

/**
 * The staff's second factor: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app
 * reads it; otplib) with the secret kept encrypted (AES-256-GCM with a key derived from
 * STAFF_SECRET_KEY by HKDF: a database copy alone does not give the secrets), a code never
 * accepted twice (the time step of the last one is kept), and one-time recovery codes kept as
 * HMAC-SHA256 under another key derived from STAFF_SECRET_KEY (a database copy alone cannot
 * check a guess offline). STAFF_SECRET_KEY is not MEDIA_SECRET: rotating the photo URLs' key
 * leaves sign-in working. Secrets sealed before it existed (under MEDIA_SECRET, no prefix) are
 * still opened, and sealed again under STAFF_SECRET_KEY (StaffAuth does it at start and on use).
 */
@Injectable()
export class SecondFactor {
  /** Secrets sealed under STAFF_SECRET_KEY start with this; older ones under MEDIA_SECRET. */
  static readonly SEALED_PREFIX = 'v2.';
  private readonly key: Buffer;
  private readonly legacyKey: Buffer;
  private readonly recoveryKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = derive(config.STAFF_SECRET_KEY, 'staff-totp');
    this.legacyKey = derive(config.MEDIA_SECRET, 'staff-totp');
    this.recoveryKey = derive(config.STAFF_SECRET_KEY, 'staff-recovery');
  }

  newSecret(): string {
    return generateSecret();
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return (
      SecondFactor.SEALED_PREFIX +
      Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
    );
  }

  /**
   * The secret of a sealed value, and whether it is sealed under the current key (false: sealed
   * under MEDIA_SECRET, to be sealed again). A value no key opens (STAFF_SECRET_KEY or
   * MEDIA_SECRET changed since) is refused with staff_second_factor_unreadable: an admin resets
   * the second factor, or the staff member signs in with a recovery code.
   */
  open(sealed: string): { secret: string; current: boolean } {
    const current = sealed.startsWith(SecondFactor.SEALED_PREFIX);
    const bytes = Buffer.from(
      current ? sealed.slice(SecondFactor.SEALED_PREFIX.length) : sealed,
      'base64url',
    );
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        current ? this.key : this.legacyKey,
        bytes.subarray(0, 12),
      );
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
      return { secret: plain.toString('utf8'), current };
    } catch {
      throw new AppError('staff_second_factor_unreadable');
    }
  }

  /** What an authenticator app scans: the otpauth URI and it as an SVG QR code. */
  async enrolment(secret: string, label: string): Promise<{ uri: string; qrSvg: string }> {
    const uri = generateURI({ issuer: 'Vonkje', label, secret });
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { uri, qrSvg };
  }

  /**
   * The time step of `code` when it is the secret's code now (give or take one step) and later
   * than `afterTimeStep` (a code is good once); null otherwise.
   */
  async timeStepOf(secret: string, code: string, afterTimeStep: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    try {
      const result = await verify({
        secret,
        token: code,
        epochTolerance: TOLERANCE_SECONDS,
        afterTimeStep: afterTimeStep > 0 ? afterTimeStep : undefined,
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    } catch {
      return null;
    }
  }

  /** New recovery codes (shown once) and the hashes to keep. */
  recoveryCodes(): { codes: string[]; hashes: string[] } {
    const group = () =>
      Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
        '',
      );
    const codes = Array.from({ length: STAFF_RECOVERY_CODES }, () => `${group()}-${group()}`);
    return { codes, hashes: codes.map((code) => this.recoveryHash(code)) };
  }

  /**
   * A recovery code as typed (any case, with or without the dash) to the value kept: its HMAC
   * under the recovery key (64 hex characters), never a plain hash of the code.
   */
  recoveryHash(typed: string): string {
    const plain = typed.toLowerCase().replace(/[^a-z0-9]/g, '');
    return createHmac('sha256', this.recoveryKey)
      .update(`${plain.slice(0, 5)}-${plain.slice(5)}`)
      .digest('hex');
  }

  static looksLikeRecoveryCode(typed: string): boolean {
    return typed.toLowerCase().replace(/[^a-z0-9]/g, '').length === 10;
  }
}
