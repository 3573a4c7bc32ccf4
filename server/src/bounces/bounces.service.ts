import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';

/** Bounce counts are kept this long (days). */
const KEEP_DAYS = 90;

/**
 * Page-bounce logging (SPEC point 2: `?lb` turns it on): the browser's beacon when a page is
 * hidden counts one bounce for that page's path in a per-day Redis hash
 * (`page_bounces:<YYYY-MM-DD>`, path -> count). Nothing about the person is kept. A beacon
 * cannot wait for an answer, so a Redis failure is logged, never answered with an error.
 */
@Injectable()
export class BouncesService {
  private readonly logger = new Logger('Bounces');

  constructor(private readonly redis: RedisService) {}

  async count(
    referer: string | undefined,
    host: string | undefined,
    now = new Date(),
  ): Promise<void> {
    const key = `page_bounces:${now.toISOString().slice(0, 10)}`;
    try {
      await this.redis
        .multi()
        .hincrby(key, pathOf(referer, host), 1)
        .expire(key, KEEP_DAYS * 86_400)
        .exec();
    } catch (error) {
      this.logger.warn(`Page bounce not counted: ${String(error)}`);
    }
  }
}

/** The path of a same-site Referer (query left out), else "unknown". */
function pathOf(referer: string | undefined, host: string | undefined): string {
  if (!referer) return 'unknown';
  try {
    const url = new URL(referer);
    if (host && url.host !== host) return 'unknown';
    return url.pathname.slice(0, 200);
  } catch {
    return 'unknown';
  }
}
