import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';

const PERSONAL_WINDOW_S = LOGIN_BLOCK_MINUTES * 60;
const IP_WINDOW_S = 3600;

/** Who is trying a password: the account, the client address and, if any, a trusted browser. */
export interface LoginAttempt {
  /** The normalised e-mail address typed (whether or not it has an account). */
  email: string;
  /** clientKey() of the request's address: IPv4, or the /64 of an IPv6 address. */
  client: string;
  /** A browser this account logged in from before (or unlocked by mail). */
  deviceId: string | null;
}

export interface FailureOutcome {
  /** Minutes of the block this failure caused or ran into; null when not blocked. */
  blockedMinutes: number | null;
  /** This failure locked the account for untrusted browsers (the owner is mailed). */
  accountLockedNow: boolean;
}

const accountKey = (email: string) => `acct:${email}`;
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Login lockout (SPEC points 4 and 8: 'Te veel foute pogingen, account voor {minutes} min
 * geblokkeerd.'), counted in Redis (RedisService.limiter):
 * - per account, LOGIN_MAX_FAILURES wrong passwords lock it for LOGIN_BLOCK_MINUTES, but only
 *   for browsers it has not logged in from: a trusted browser counts its own failures instead,
 *   so nobody can keep the owner out by typing wrong passwords (OWASP device cookies);
 * - per client address (IPv6 by /64) over an hour, whatever accounts the failures were for; a
 *   successful login does not reset it, so an attacker cannot clear it with an account of their
 *   own. A success clears only the account's (or trusted browser's) counter.
 * While Redis is unreachable each process counts in memory (the insurance limiters): logins go
 * on, and so do the limits.
 */
@Injectable()
export class LoginThrottleService implements OnModuleInit {
  private personal!: RateLimiterRedis;
  private perClient!: RateLimiterRedis;
  private lockNotices!: RateLimiterRedis;

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.personal = this.redis.limiter('login:fail', LOGIN_MAX_FAILURES, PERSONAL_WINDOW_S);
    this.perClient = this.redis.limiter(
      'login:fail:ip',
      this.config.LOGIN_MAX_FAILURES_PER_IP_HOUR,
      IP_WINDOW_S,
    );
    this.lockNotices = this.redis.limiter('login:lock-mail', 1, PERSONAL_WINDOW_S);
  }

  private personalKey(attempt: LoginAttempt): string {
    return attempt.deviceId ? `dev:${attempt.deviceId}` : accountKey(attempt.email);
  }

  /** The minutes left while the account (or browser) or the address is blocked, else null. */
  async blockedFor(attempt: LoginAttempt): Promise<number | null> {
    const [personal, client] = await Promise.all([
      this.personal.get(this.personalKey(attempt)),
      this.perClient.get(attempt.client),
    ]);
    if (personal && personal.consumedPoints >= LOGIN_MAX_FAILURES) {
      return minutes(personal.msBeforeNext);
    }
    if (client && client.consumedPoints >= this.config.LOGIN_MAX_FAILURES_PER_IP_HOUR) {
      return minutes(client.msBeforeNext);
    }
    return null;
  }

  /**
   * Whether this attempt needs the proof-of-work challenge: the account (or trusted browser) or
   * the client address has LOGIN_CHALLENGE_AFTER_FAILURES wrong passwords counted.
   */
  async needsChallenge(attempt: LoginAttempt): Promise<boolean> {
    const after = this.config.LOGIN_CHALLENGE_AFTER_FAILURES;
    const [personal, client] = await Promise.all([
      this.personal.get(this.personalKey(attempt)),
      this.perClient.get(attempt.client),
    ]);
    return Math.max(personal?.consumedPoints ?? 0, client?.consumedPoints ?? 0) >= after;
  }

  /** Counts a wrong password; the failure that reaches a limit is answered as blocked at once. */
  async recordFailure(attempt: LoginAttempt): Promise<FailureOutcome> {
    const key = this.personalKey(attempt);
    const [personal, client] = await Promise.all([
      consumed(this.personal.consume(key)),
      consumed(this.perClient.consume(attempt.client)),
    ]);
    if (personal.consumedPoints >= LOGIN_MAX_FAILURES) {
      // the lock lasts its full time from the failure that caused it
      if (personal.consumedPoints === LOGIN_MAX_FAILURES) {
        await this.personal.block(key, PERSONAL_WINDOW_S);
      }
      return {
        blockedMinutes: LOGIN_BLOCK_MINUTES,
        accountLockedNow: !attempt.deviceId && personal.consumedPoints === LOGIN_MAX_FAILURES,
      };
    }
    if (client.consumedPoints >= this.config.LOGIN_MAX_FAILURES_PER_IP_HOUR) {
      return { blockedMinutes: minutes(client.msBeforeNext), accountLockedNow: false };
    }
    return { blockedMinutes: null, accountLockedNow: false };
  }

  /** After a right password: the account's (or the browser's) counter only. */
  async clear(attempt: LoginAttempt): Promise<void> {
    await this.personal.delete(this.personalKey(attempt));
  }

  /**
   * Whether the account is locked for browsers it has not signed in from; `unlock` lifts that
   * lock (an admin, for a staff member kept out by someone else's failures).
   */
  async accountLocked(email: string): Promise<boolean> {
    const personal = await this.personal.get(accountKey(email));
    return !!personal && personal.consumedPoints >= LOGIN_MAX_FAILURES;
  }

  async unlockAccount(email: string): Promise<void> {
    await this.personal.delete(accountKey(email));
  }

  /** True once per lock period: the first caller mails the owner. */
  async firstNoticeOfLock(userId: number): Promise<boolean> {
    return (await consumed(this.lockNotices.consume(String(userId)))).consumedPoints === 1;
  }
}

/** A consume that went over the limit still tells how far: that is what we want to know. */
async function consumed(result: Promise<RateLimiterRes>): Promise<RateLimiterRes> {
  try {
    return await result;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}
