import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { existsSync } from 'node:fs';
import { parse as parseCookies } from 'cookie';
import {
  AUTH_COOKIE,
  type CompanyInfoResponse,
  type Language,
  type PackagesResponse,
  type PublicPageData,
  type PublicPageRenderer,
  type SettingsResponse,
  searchQuery,
} from '@app/contract';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../common/app-error';
import { consumeOrRefuse, limitKeyOf, namedLimiter } from '../common/rate-limit.guard';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LandersService } from '../landers';
import { PricingService } from '../payments';
import { RedisService } from '../redis/redis.service';
import { SearchService } from '../search';
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
 * The visitor search (/members) brings its first page of results, read through the search
 * service as GET /api/search.php reads them (the one member access rule). A page with members
 * counts against the visitor card limit as those API calls do (`visitor_profiles`); past it, the
 * page is rendered without them and the browser asks the API, which answers 429.
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
    private readonly searchService: SearchService,
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
      const query = req.originalUrl.indexOf('?');
      const search = query === -1 ? '' : req.originalUrl.slice(query);
      const filters = renderer.searchOf(req.path, search, settings);
      // the lander's members, the company's details, the packages and the search's first page,
      // read side by side
      const [members, company, packages, results] = await Promise.all([
        shows === 'none'
          ? null
          : this.counted(req, () =>
              this.landers.showcase({ count: shows.count, member: shows.member ?? undefined }),
            ),
        this.company(),
        renderer.showsPackages(req.path) ? this.packages(settings) : null,
        filters ? this.results(req, filters) : null,
      ]);
      const landers = shows === 'none' || !members ? null : { ...shows, answer: members };
      return renderer.render({
        pathname: req.path,
        search,
        language,
        settings,
        landers,
        company,
        packages,
        results,
      });
    } catch (error) {
      this.logger.error(`public page ${req.path} not rendered: ${String(error)}`);
      return null;
    }
  }

  /**
   * Member cards for the page (GET /api/landers.php's or /api/search.php's answer), counted
   * against the visitor's `visitor_profiles` limit as those calls are; null past the limit (the
   * page then comes without member cards, and the browser's own call is answered 429).
   */
  private async counted<T>(req: Request, read: () => Promise<T>): Promise<T | null> {
    const key = limitKeyOf('visitor_profiles', req);
    try {
      if (key !== null) await consumeOrRefuse(this.cardLimit, key);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') return null;
      throw error;
    }
    return read();
  }

  /**
   * The visitor search's first page for the filters the page shows first: the address's
   * parameters checked by the API's own schema, read by the search service for a visitor (who
   * may search only when the settings allow it), counted as the API call is. Null when the
   * filters are not valid or the search refuses (the page asks itself and shows the API's
   * answer).
   */
  private async results(
    req: Request,
    filters: Record<string, string>,
  ): Promise<PublicPageData['results']> {
    const query = searchQuery.safeParse(filters);
    if (!query.success) return null;
    try {
      const answer = await this.counted(req, () => this.searchService.search(null, query.data));
      return answer && { filters, answer };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
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
