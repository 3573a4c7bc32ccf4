import { Injectable, Logger } from '@nestjs/common';
import { RedisService } from '../redis/redis.service';
import { matchRoute } from '../site-pages';

/** Bounce counts are kept this long (days). */
const KEEP_DAYS = 90;
/** The one field of every path that is not a page of the site (or no path at all). */
export const OTHER_PAGES = 'other';

/**
 * Page-bounce logging (SPEC point 2: `?lb` turns it on): the browser's beacon when a page is
 * hidden counts one bounce for that page in a per-day Redis hash (`page_bounces:<YYYY-MM-DD>`,
 * page -> count). The page is the route of the path the beacon carries (`routeOf`): a route of
 * the web app (contract SITE_ROUTES) with its parameters folded into their pattern
 * (`/members/:id`, `/landers/video/:slug?`), everything else `other`, so the hash has at most one
 * field per route whatever anyone sends (security review 2026-11-28, L6). Nothing about the
 * person is kept. A beacon cannot wait for an answer, so a Redis failure is logged, never
 * answered with an error.
 */
@Injectable()
export class BouncesService {
  private readonly logger = new Logger('Bounces');

  constructor(private readonly redis: RedisService) {}

  async count(path: string | undefined, now = new Date()): Promise<void> {
    const key = `page_bounces:${now.toISOString().slice(0, 10)}`;
    try {
      await this.redis
        .multi()
        .hincrby(key, routeOf(path), 1)
        .expire(key, KEEP_DAYS * 86_400)
        .exec();
    } catch (error) {
      this.logger.warn(`Page bounce not counted: ${String(error)}`);
    }
  }
}

/**
 * The route a page path belongs to: its pattern, with only the parameters that have a fixed
 * list of values (the token pages) filled in; `other` for anything that is not a page.
 */
export function routeOf(path: string | undefined): string {
  if (!path) return OTHER_PAGES;
  let pathname: string;
  try {
    pathname = new URL(path, 'http://site.invalid').pathname;
  } catch {
    return OTHER_PAGES;
  }
  const matched = matchRoute(pathname);
  if (!matched) return OTHER_PAGES;
  const fixed = matched.route.only ?? {};
  return matched.route.path.replace(/:(\w+)\??/g, (parameter, name: string) =>
    Object.hasOwn(fixed, name) ? (matched.params[name] ?? parameter) : parameter,
  );
}
