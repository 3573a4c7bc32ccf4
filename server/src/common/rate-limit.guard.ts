import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  OnModuleInit,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DATA_EXPORTS_PER_DAY } from '@app/contract';
import { AppError } from './app-error';
import { clientKey } from './client-address';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { AuthedRequest } from './request';
import { RedisService } from '../redis/redis.service';

/** What can be abused, counted per IP address or per member (ARCHITECTURE, "Sessions"). */
const LIMITS = {
  signup: { per: 'ip', seconds: 3600, points: (c: AppConfig) => c.RATE_LIMIT_SIGNUPS_PER_IP_HOUR },
  reset: { per: 'ip', seconds: 3600, points: (c: AppConfig) => c.RATE_LIMIT_RESETS_PER_IP_HOUR },
  /** Activation mails (resent, or re-pointed to a corrected address) per client address. */
  activation_mail: {
    per: 'ip',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_ACTIVATION_MAILS_PER_IP_HOUR,
  },
  mail_change: {
    per: 'member',
    seconds: 86_400,
    points: (c: AppConfig) => c.RATE_LIMIT_MAIL_CHANGES_PER_DAY,
  },
  /** Visitors reading member cards (landing pages): enough for people, not for scrapers. */
  visitor_profiles: {
    per: 'visitor',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR,
  },
  /** Members reading member cards: generous for browsing, a brake on scraping by id. */
  member_profiles: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_MEMBER_PROFILES_PER_HOUR,
  },
  /** Photo uploads (each is decoded and re-encoded: CPU a member should not be able to hog). */
  photo_uploads: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR,
  },
  /** Complaints a member may send per hour: enough to report, not to flood staff. */
  complaints_member: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_COMPLAINTS_PER_HOUR,
  },
  /** Complaints visitors (no session) may send per client address per hour. */
  complaints_visitor: {
    per: 'visitor',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_VISITOR_COMPLAINTS_PER_IP_HOUR,
  },
  /**
   * A banned member's calls by the link of the ban mail (read the statements, appeal), per client
   * address: its own limit, not the visitors' complaints (5 an hour), which reading and
   * re-reading the decision would use up before the member could appeal. Enough for a person;
   * the 256-bit token is no guess anyway.
   */
  statement_access: {
    per: 'ip',
    seconds: 3600,
    points: () => 60,
  },
  /** Chat messages a member may send per minute (a person types far fewer; a script not). */
  messages: {
    per: 'member_only',
    seconds: 60,
    points: (c: AppConfig) => c.RATE_LIMIT_MESSAGES_PER_MINUTE,
  },
  /**
   * Likes a member may give (like.php) per minute and per day: each can mail and push the member
   * liked with the liker's name, so one account must not reach everyone (security review
   * 2026-11-28, M2).
   */
  likes_minute: {
    per: 'member_only',
    seconds: 60,
    points: (c: AppConfig) => c.RATE_LIMIT_LIKES_PER_MINUTE,
  },
  likes_day: {
    per: 'member_only',
    seconds: 86_400,
    points: (c: AppConfig) => c.RATE_LIMIT_LIKES_PER_DAY,
  },
  /** Payments a member may start per hour (each is a call to the payment provider). */
  payments: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_PAYMENTS_PER_HOUR,
  },
  /** Direct debit forms and new codes a member may ask for per hour (before the SMS limits). */
  direct_debit: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_DIRECT_DEBIT_PER_HOUR,
  },
  /** Payment webhook calls per client address (each may make a provider read). */
  payment_webhooks: {
    per: 'ip',
    seconds: 60,
    points: (c: AppConfig) => c.RATE_LIMIT_WEBHOOKS_PER_IP_MINUTE,
  },
  /** Mail provider webhook calls (bounces, complaints) per client address. */
  mail_webhooks: {
    per: 'ip',
    seconds: 60,
    points: (c: AppConfig) => c.RATE_LIMIT_WEBHOOKS_PER_IP_MINUTE,
  },
  /**
   * Discount codes a member typed that do not exist: guesses. Counted where codes are looked up
   * (DiscountsService, for every route that takes a code), not per route: a lookup costs a point
   * that a code found gives back, so using a real code is never limited.
   */
  discount_code_guesses: {
    per: 'member_only',
    seconds: 3600,
    points: (c: AppConfig) => c.RATE_LIMIT_DISCOUNT_CODE_GUESSES_PER_HOUR,
  },
  /** Second-factor codes per client address per hour (each challenge also takes five at most). */
  staff_codes: {
    per: 'ip',
    seconds: 3600,
    points: () => 60,
  },
  /**
   * Push subscriptions stored or removed per member per hour: a browser subscribes once (and
   * again when its subscription changes); each call is a write.
   */
  push_subscriptions: {
    per: 'member_only',
    seconds: 3600,
    points: () => 60,
  },
  /** Data exports a member may ask for per day (each is a ZIP of all their data, built by the worker). */
  data_exports: {
    per: 'member_only',
    seconds: 86_400,
    points: () => DATA_EXPORTS_PER_DAY,
  },
  /** Page-bounce beacons per client address: a page view sends one; more is someone counting. */
  page_bounces: {
    per: 'ip',
    seconds: 3600,
    points: () => 600,
  },
  /** Traffic beacons per client address: a visit sends one or two; more is someone counting. */
  traffic_beacons: {
    per: 'ip',
    seconds: 3600,
    points: () => 120,
  },
} as const;

export type RateLimitName = keyof typeof LIMITS;

const RATE_LIMIT_KEY = 'rate-limit';

/** The limiter of a named limit, for the guard or for a service that counts outcomes. */
export function namedLimiter(
  redis: RedisService,
  config: AppConfig,
  name: RateLimitName,
): RateLimiterRedis {
  const limit = LIMITS[name];
  return redis.limiter(`ratelimit:${name}`, limit.points(config), limit.seconds);
}

/** Counts one call of `key`; over the limit, 429 rate_limited (the filter sends Retry-After). */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new AppError('rate_limited', { retry_after: seconds });
  }
}

/**
 * The key under which the named limit counts this request (`member:<id>` or `ip:<client>`), or
 * null when the limit does not count it: members are not counted against a visitors' limit,
 * visitors not against a members' one. The guard's, and a page's that carries what a limited
 * route gives (server/src/site-pages/public-pages.ts).
 */
export function limitKeyOf(
  name: RateLimitName,
  req: { session?: { userId: number } | null; ip?: string },
): string | null {
  const per = LIMITS[name].per;
  if (per === 'visitor' && req.session) return null;
  if (per === 'member_only' && !req.session) return null;
  return (per === 'member' || per === 'member_only') && req.session
    ? `member:${req.session.userId}`
    : `ip:${clientKey(req.ip)}`;
}

/** Counts every call of the route against the named limits; over one, 429 rate_limited. */
export const RateLimit = (...names: RateLimitName[]) => SetMetadata(RATE_LIMIT_KEY, names);

/**
 * Global guard behind @RateLimit: fixed windows in Redis (RedisService.limiter, with its
 * in-memory insurance while Redis is unreachable), keyed by client address (IPv6 by its /64) or
 * member.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnModuleInit {
  private readonly limiters = new Map<RateLimitName, RateLimiterRedis>();

  constructor(
    private readonly reflector: Reflector,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    for (const name of Object.keys(LIMITS) as RateLimitName[]) {
      this.limiters.set(name, namedLimiter(this.redis, this.config, name));
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const names = this.reflector.get<RateLimitName[] | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (!names) return true;
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    for (const name of names) {
      const key = limitKeyOf(name, req);
      const limiter = this.limiters.get(name);
      if (key !== null && limiter) await consumeOrRefuse(limiter, key);
    }
    return true;
  }
}
