import { Injectable } from '@nestjs/common';
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '../common/constants';
import { AppError } from '../common/app-error';
import { RedisService } from '../redis/redis.service';

const WINDOW_S = LOGIN_BLOCK_MINUTES * 60;

/**
 * Login lockout (SPEC point 4 and 8): failures in a row are counted in Redis per account and per
 * IP; at LOGIN_MAX_FAILURES the account (or IP) is blocked for LOGIN_BLOCK_MINUTES.
 * A successful login clears the counters.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly redis: RedisService) {}

  private keys(email: string, ip: string) {
    return [`login:fail:acct:${email}`, `login:fail:ip:${ip}`];
  }

  /** Throws login_blocked with the minutes left while either counter is at the limit. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const counts = await this.redis.mget(...keys);
    for (const [i, count] of counts.entries()) {
      if (Number(count ?? 0) >= LOGIN_MAX_FAILURES) {
        const ttl = await this.redis.ttl(keys[i]);
        throw new AppError('login_blocked', { minutes: Math.max(1, Math.ceil(ttl / 60)) });
      }
    }
  }

  /** Counts a failure; the one that reaches the limit is answered as blocked at once. */
  async recordFailure(email: string, ip: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(email, ip)) {
      pipeline.incr(key).expire(key, WINDOW_S);
    }
    const results = await pipeline.exec();
    const counts = (results ?? []).filter((_r, i) => i % 2 === 0).map(([, v]) => Number(v));
    if (counts.some((c) => c >= LOGIN_MAX_FAILURES)) {
      throw new AppError('login_blocked', { minutes: LOGIN_BLOCK_MINUTES });
    }
  }

  async clear(email: string, ip: string): Promise<void> {
    await this.redis.del(...this.keys(email, ip));
  }
}
