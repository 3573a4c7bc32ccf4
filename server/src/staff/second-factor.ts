import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { STAFF_RECOVERY_CODES } from '@app/contract';
import { hashToken } from '../common/tokens';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** Accepted clock drift: the code of the step before and after (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;
/** Recovery codes: two groups of five from an alphabet without look-alikes (~50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * The staff's second factor: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app
 * reads it; otplib) with the secret kept encrypted (AES-256-GCM with a key derived from
 * MEDIA_SECRET by HKDF: a database copy alone does not give the secrets), a code never
 * accepted twice (the time step of the last one is kept), and one-time recovery codes kept as
 * SHA-256 hashes.
 */
@Injectable()
export class SecondFactor {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.MEDIA_SECRET, 'vonkje', 'staff-totp', 32));
  }

  newSecret(): string {
    return generateSecret();
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
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
    return { codes, hashes: codes.map((code) => SecondFactor.recoveryHash(code)) };
  }

  /** A recovery code as typed (any case, with or without the dash) to the hash kept. */
  static recoveryHash(typed: string): string {
    const plain = typed.toLowerCase().replace(/[^a-z0-9]/g, '');
    return hashToken(`${plain.slice(0, 5)}-${plain.slice(5)}`);
  }

  static looksLikeRecoveryCode(typed: string): boolean {
    return typed.toLowerCase().replace(/[^a-z0-9]/g, '').length === 10;
  }
}
