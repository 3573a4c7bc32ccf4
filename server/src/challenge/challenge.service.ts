import { Inject, Injectable } from '@nestjs/common';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengeResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';

/** How long a challenge may take from handing out to its use (solving takes seconds). */
export const CHALLENGE_TTL_S = 10 * 60;
const ALGORITHM = 'PBKDF2/SHA-256';
/** At most this many used challenges remembered in memory (then refused until Redis is back). */
const LOCAL_SEEN_MAX = 100_000;

interface AnswerShape {
  challenge: { parameters: { nonce: string; expiresAt?: number } & Record<string, unknown> };
  solution: { counter: number; derivedKey: string };
}

/**
 * The proof-of-work challenge (ALTCHA, self-hosted: no third party, no tracking) asked at
 * signup, at a password reset and at a login after failures. A challenge is signed with
 * ALTCHA_HMAC_KEY and expires after CHALLENGE_TTL_S; the solver must find the number (a random
 * one of the upper half of ALTCHA_MAX_NUMBER, each try ALTCHA_COST rounds of PBKDF2) whose key
 * starts with the signed prefix, which the server checks with one derivation. Each solution is
 * used once: its nonce is claimed in Redis (SET NX until the challenge expires), so a replay is
 * `challenge_invalid`, as is a forged, altered or expired one; none of them is ever a 5xx.
 */
@Injectable()
export class ChallengeService {
  /** Used challenges while Redis is away: nonce -> until (ms). */
  private readonly seenLocally = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
  ) {}

  async create(now = Date.now()): Promise<ChallengeResponse> {
    const max = this.config.ALTCHA_MAX_NUMBER;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.config.ALTCHA_COST,
      counter: randomInt(Math.floor(max / 2), max),
      deriveKey,
      hmacSignatureSecret: this.config.ALTCHA_HMAC_KEY,
      hmacKeySignatureSecret: this.keySecret,
      expiresAt: new Date(now + CHALLENGE_TTL_S * 1000),
    });
    return challenge as ChallengeResponse;
  }

  /** Throws `challenge_required` without an answer and `challenge_invalid` for a bad or used one. */
  async require(answer: string | undefined, field?: string): Promise<void> {
    if (!answer) throw new AppError('challenge_required', {}, field);
    const payload = parse(answer);
    if (!payload) throw new AppError('challenge_invalid', {}, field);
    const { challenge, solution } = payload;
    // the challenge's own check: its signature, expiry and the solution's key
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: challenge as unknown as Parameters<typeof verifySolution>[0]['challenge'],
        solution,
        deriveKey,
        hmacSignatureSecret: this.config.ALTCHA_HMAC_KEY,
        hmacKeySignatureSecret: this.keySecret,
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    const expiresAt = challenge.parameters.expiresAt;
    if (!verified || typeof expiresAt !== 'number') {
      throw new AppError('challenge_invalid', {}, field);
    }
    if (!(await this.claim(challenge.parameters.nonce, expiresAt))) {
      throw new AppError('challenge_invalid', {}, field);
    }
  }

  /**
   * Marks a solved challenge used, atomically (SET NX until it expires); false when it was
   * used before. While Redis is unreachable each process remembers the ones it saw (as the
   * login limits do): signups go on, and a replay to the same process is still refused.
   */
  private async claim(nonce: string, expiresAt: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(expiresAt - Date.now() / 1000));
    try {
      return (await this.redis.set(`altcha:used:${nonce}`, '1', 'EX', ttl, 'NX')) === 'OK';
    } catch {
      const now = Date.now();
      for (const [seen, until] of this.seenLocally) {
        if (until <= now) this.seenLocally.delete(seen);
      }
      if (this.seenLocally.has(nonce) || this.seenLocally.size >= LOCAL_SEEN_MAX) return false;
      this.seenLocally.set(nonce, now + ttl * 1000);
      return true;
    }
  }

  /** The key of the derived keys' signatures: derived from ALTCHA_HMAC_KEY, never the same. */
  private get keySecret(): string {
    return `${this.config.ALTCHA_HMAC_KEY}:keys`;
  }
}

/** The widget's payload (base64 of JSON), checked for its shape; null when it is not one. */
function parse(answer: string): AnswerShape | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { challenge, solution } = value as Partial<AnswerShape>;
    if (
      !challenge?.parameters ||
      typeof challenge.parameters.nonce !== 'string' ||
      challenge.parameters.nonce.length > 200 ||
      !solution ||
      typeof solution.counter !== 'number' ||
      typeof solution.derivedKey !== 'string'
    ) {
      return null;
    }
    return { challenge, solution };
  } catch {
    return null;
  }
}
