import { Inject, Injectable } from '@nestjs/common';
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '../common/constants';
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

/**
 * Login lockout (SPEC points 4 and 8: 'Te veel foute pogingen, account voor {minutes} min
 * geblokkeerd.'), counted in Redis:
 * - per account, LOGIN_MAX_FAILURES wrong passwords lock it for LOGIN_BLOCK_MINUTES, but only
 *   for browsers it has not logged in from: a trusted browser counts its own failures instead,
 *   so nobody can keep the owner out by typing wrong passwords (OWASP device cookies);
 * - per client address (IPv6 by /64) over an hour, whatever accounts the failures were for; a
 *   successful login does not reset it, so an attacker cannot clear it with an account of their
 *   own. A success clears only the account's (or trusted browser's) counter.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private personalKey(attempt: LoginAttempt): string {
    return attempt.deviceId
      ? `login:fail:dev:${attempt.deviceId}`
      : `login:fail:acct:${attempt.email}`;
  }

  private ipKey(attempt: LoginAttempt): string {
    return `login:fail:ip:${attempt.client}`;
  }

  /** Throws login_blocked with the minutes left while a counter is at its limit. */
  async assertAllowed(attempt: LoginAttempt): Promise<number | null> {
    const keys = [this.personalKey(attempt), this.ipKey(attempt)];
    const limits = [LOGIN_MAX_FAILURES, this.config.LOGIN_MAX_FAILURES_PER_IP_HOUR];
    const counts = await this.redis.mget(...keys);
    for (const [i, count] of counts.entries()) {
      if (Number(count ?? 0) >= limits[i]) {
        const ttl = await this.redis.ttl(keys[i]);
        return Math.max(1, Math.ceil(ttl / 60));
      }
    }
    return null;
  }

  /** Counts a wrong password; the failure that reaches a limit is answered as blocked at once. */
  async recordFailure(attempt: LoginAttempt): Promise<FailureOutcome> {
    const personal = this.personalKey(attempt);
    const ip = this.ipKey(attempt);
    const results = await this.redis
      .multi()
      .incr(personal)
      .expire(personal, PERSONAL_WINDOW_S)
      .incr(ip)
      .expire(ip, IP_WINDOW_S, 'NX')
      .exec();
    const personalCount = Number(results?.[0]?.[1] ?? 0);
    const ipCount = Number(results?.[2]?.[1] ?? 0);
    let blockedMinutes: number | null = null;
    if (personalCount >= LOGIN_MAX_FAILURES) blockedMinutes = LOGIN_BLOCK_MINUTES;
    else if (ipCount >= this.config.LOGIN_MAX_FAILURES_PER_IP_HOUR) {
      blockedMinutes = Math.max(1, Math.ceil((await this.redis.ttl(ip)) / 60));
    }
    return {
      blockedMinutes,
      accountLockedNow: !attempt.deviceId && personalCount === LOGIN_MAX_FAILURES,
    };
  }

  /** After a right password: the account's (or the browser's) counter only. */
  async clear(attempt: LoginAttempt): Promise<void> {
    await this.redis.del(this.personalKey(attempt));
  }

  /** True once per lock period: the first caller mails the owner. */
  async firstNoticeOfLock(userId: number): Promise<boolean> {
    const set = await this.redis.set(
      `login:lock-mail:${userId}`,
      '1',
      'EX',
      PERSONAL_WINDOW_S,
      'NX',
    );
    return set === 'OK';
  }
}
