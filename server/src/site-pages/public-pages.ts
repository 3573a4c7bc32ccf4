import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { existsSync } from 'node:fs';
import { parse as parseCookies } from 'cookie';
import {
  AUTH_COOKIE,
  type CompanyInfoResponse,
  type LandersResponse,
  type Language,
  type PackagesResponse,
  type PublicPageRenderer,
  type SettingsResponse,
} from '@app/contract';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../common/app-error';
import { consumeOrRefuse, limitKeyOf, namedLimiter } from '../common/rate-limit.guard';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LandersService } from '../landers';
import { PricingService } from '../payments';
import { RedisService } from '../redis/redis.service';
import { SettingsService } from '../settings';

/**
 * A public page as the server rendered it: the HTML inside #root, the data to take it over, and
 * whether it brings the entry warning rendered in (its head then has the warning's check).
 */
export type RenderedPublicPage = ReturnType<PublicPageRenderer['render']>;

/**
 * The home page, the landers (issue 21, first visit) and the other pages a visitor opens before
 * logging in (issue 34: login, signup, prices, static pages, search) rendered on the server for
 * a visitor: the web's server build (web/dist-ssr/render.cjs, vite.public.config.ts) renders the
 * same components the browser then takes over (web/src/public), from the same answers: the settings and, on a
 * lander, GET /api/landers.php's. Members (a session cookie) get the app as before, and so does
 * every page when the server build is missing or a render fails (logged; the app renders it).
 * A page with members counts against the visitor card limit as that API call does
 * (`visitor_profiles`); past it, the page is rendered without them and the browser asks the API,
 * which answers 429.
 */
@Injectable()
export class PublicPages {
  private readonly logger = new Logger('PublicPages');
  private renderer: PublicPageRenderer | null = null;
  private readonly cardLimit: RateLimiterRedis;

  constructor(
    private readonly landers: LandersService,
    private readonly settingsService: SettingsService,
    private readonly pricing: PricingService,
    redis: RedisService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cardLimit = namedLimiter(redis, config, 'visitor_profiles');
  }

  /** Loads the web's server build; false when there is none (the app renders every page). */
  load(file: string): boolean {
    if (!existsSync(file)) return false;
    // a CommonJS bundle of the pages with Preact and i18next (no web sources at run time), found
    // at run time beside the built web app, not a module of the server's build
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.renderer = require(file) as PublicPageRenderer;
    return true;
  }

  /** The page rendered for this request, or null: the app's page instead. */
  async render(
    req: Request,
    language: Language,
    settings: SettingsResponse,
  ): Promise<RenderedPublicPage | null> {
    const renderer = this.renderer;
    if (!renderer || isMember(req)) return null;
    try {
      const shows = renderer.landersOf(req.path);
      if (shows === null) return null;
      // the lander's members, the company's details and the packages, read side by side
      const [members, company, packages] = await Promise.all([
        shows === 'none' ? null : this.members(req, shows),
        this.company(),
        renderer.showsPackages(req.path) ? this.packages(settings) : null,
      ]);
      const landers = shows === 'none' || !members ? null : { ...shows, answer: members };
      const query = req.originalUrl.indexOf('?');
      return renderer.render({
        pathname: req.path,
        search: query === -1 ? '' : req.originalUrl.slice(query),
        language,
        settings,
        landers,
        company,
        packages,
      });
    } catch (error) {
      this.logger.error(`public page ${req.path} not rendered: ${String(error)}`);
      return null;
    }
  }

  /**
   * GET /api/landers.php's answer for the page, counted against the visitor's
   * `visitor_profiles` limit as that call is; null past the limit (the page then comes without
   * member cards, and the browser's own call is answered 429).
   */
  private async members(
    req: Request,
    shows: { count: number; member: number | null },
  ): Promise<LandersResponse | null> {
    const key = limitKeyOf('visitor_profiles', req);
    try {
      if (key !== null) await consumeOrRefuse(this.cardLimit, key);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') return null;
      throw error;
    }
    return this.landers.showcase({ count: shows.count, member: shows.member ?? undefined });
  }

  /**
   * GET /api/packages.php's answer for a visitor of this page (the settings' country, as the page
   * asks), or null (the page then asks for it itself).
   */
  private async packages(settings: SettingsResponse): Promise<PackagesResponse | null> {
    try {
      return await this.pricing.packages(settings.settings.geoip_selected_country);
    } catch (error) {
      this.logger.warn(`packages unavailable for a public page: ${String(error)}`);
      return null;
    }
  }

  /** GET /api/companyinfo.php's answer, or null (the footer then asks for it itself). */
  private async company(): Promise<CompanyInfoResponse | null> {
    try {
      return { companyinfo: await this.settingsService.companyInfo() };
    } catch (error) {
      this.logger.warn(`company details unavailable for a public page: ${String(error)}`);
      return null;
    }
  }
}

/** A browser with a session: the app decides (a member opening / goes to /members). */
function isMember(req: Request): boolean {
  const cookie = req.headers.cookie;
  return !!cookie && !!parseCookies(cookie)[AUTH_COOKIE];
}
