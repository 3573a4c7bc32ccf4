import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import {
  DEFAULT_LANGUAGE,
  LOCALE_COOKIE,
  SITE_ROUTES,
  STATIC_PAGES,
  offeredLanguages,
  type Language,
  type SettingsResponse,
} from '@app/contract';
import { APP_CONFIG, secureCookies, type AppConfig } from '../config/config';
import { translate } from '../i18n/i18n';
import { ProfilePages } from '../member-access';
import {
  SETTING_DEFAULTS,
  SettingsService,
  domainLanguageOf,
  domainOf,
  type StoredSettings,
} from '../settings';
import { escapeHtml, renderHead, type PageHead } from './head';
import { VisitorCountry } from '../visitor-country';
import { indexablePaths, matchRoute, type MatchedRoute } from './routes';

/** What the server answers for a page address of the web app. */
export type PageAnswer =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: 200 | 404 | 410;
      language: Language;
      /** The head's tags (head.ts), escaped. */
      head: string;
      /** GET /api/settings.php's answer for this page, or null when it could not be read. */
      settings: SettingsResponse | null;
    };

/** Profile ids are positive 32-bit integers written plainly: /members/12, never /members/012. */
const PROFILE_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** Paths robots.txt keeps crawlers out of besides the app's own pages: the API, the photos. */
const SERVER_DISALLOWED = ['/api/', '/media/'];

/**
 * The server's rendering of the web app's pages (issue 21, search engines): the status of each
 * address (200, 404 for an unknown one, 410 for a removed member, the legacy redirects) and its
 * head (title, description, canonical, hreflang, Open Graph, robots) in the page's language;
 * robots.txt and sitemap.xml from the same list of routes (contract SITE_ROUTES).
 */
@Injectable()
export class SitePages {
  private readonly logger = new Logger('SitePages');

  constructor(
    private readonly settings: SettingsService,
    private readonly profilePages: ProfilePages,
    private readonly visitorCountry: VisitorCountry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The answer for a GET of a page address. */
  async page(req: Request): Promise<PageAnswer> {
    const pathname = req.path;
    if (/^\/callback\/?$/i.test(pathname))
      return { kind: 'redirect', status: 302, location: '/login' };
    const legacy = /^\/pages\/([^/]+)\/?$/i.exec(pathname);
    const matched = legacy ? null : matchRoute(pathname);
    if (legacy && Object.hasOwn(STATIC_PAGES, legacy[1])) {
      const query = req.originalUrl.indexOf('?');
      const search = query === -1 ? '' : req.originalUrl.slice(query);
      return { kind: 'redirect', status: 301, location: `/${legacy[1]}${search}` };
    }
    const stored = await this.stored();
    const status = matched ? await this.statusOf(matched) : 404;
    const language = this.languageOf(req, stored);
    const head = this.headOf(req, stored, language, status === 200 ? matched : null, status);
    const settings = await this.settingsAnswer(req);
    return { kind: 'page', status, language, head: renderHead(head), settings };
  }

  /**
   * The answer GET /api/settings.php gives this page (the same query: the visitor's host and
   * ?country=), inlined so a first visit spends no round trip on it; null when unavailable
   * (the web app then asks for it).
   */
  private async settingsAnswer(req: Request): Promise<SettingsResponse | null> {
    try {
      const country = typeof req.query.country === 'string' ? req.query.country : undefined;
      return await this.settings.publicSettings(
        { forced_domain: req.hostname, country: country?.length === 2 ? country : undefined },
        { host: req.hostname, country: this.visitorCountry.of(req) },
      );
    } catch (error) {
      this.logger.warn(`settings unavailable for a page: ${String(error)}`);
      return null;
    }
  }

  /**
   * The page's language: ?lang=, else the locale cookie, else the domain's language, else nl;
   * each only when the site offers it (the setting languages_offered).
   */
  private languageOf(req: Request, stored: StoredSettings): Language {
    const offered = offeredLanguages(stored.languages_offered);
    const query = req.query.lang;
    if (offered.includes(query as Language)) return query as Language;
    const cookie = req.headers.cookie ? parseCookies(req.headers.cookie)[LOCALE_COOKIE] : undefined;
    if (offered.includes(cookie as Language)) return cookie as Language;
    return this.domainLanguage(req, stored);
  }

  /** The language of the bare addresses of this domain (the x-default), when offered. */
  private domainLanguage(req: Request, stored: StoredSettings): Language {
    const code = domainLanguageOf(stored, domainOf(req.hostname ?? ''))
      .slice(0, 2)
      .toLowerCase();
    const offered = offeredLanguages(stored.languages_offered);
    return offered.includes(code as Language) ? (code as Language) : DEFAULT_LANGUAGE;
  }

  private async statusOf(matched: MatchedRoute): Promise<200 | 404 | 410> {
    if (matched.route.kind !== 'member') return 200;
    const id = matched.params.id ?? '';
    if (!PROFILE_ID.test(id) || Number(id) > MAX_ID) return 404;
    const standing = await this.profilePages.standing(Number(id));
    return standing === 'present' ? 200 : standing === 'removed' ? 410 : 404;
  }

  private headOf(
    req: Request,
    stored: StoredSettings,
    language: Language,
    matched: MatchedRoute | null,
    status: 200 | 404 | 410,
  ): PageHead {
    const origin = this.origin(req);
    const siteName = stored.name;
    const texts = (key: string) => ({
      title: `${translate(language, `seo.${key}.title`)} | ${siteName}`,
      description: translate(language, `seo.${key}.description`, { name: siteName }),
    });
    if (!matched) {
      return {
        ...texts(status === 410 ? 'gone' : 'not_found'),
        siteName,
        language,
        indexable: false,
        canonical: null,
        alternates: null,
        url: origin + req.path,
        origin,
      };
    }
    const { route, params, canonicalPath } = matched;
    if (!route.indexable) {
      return {
        title: siteName,
        description: stored.description,
        siteName,
        language,
        indexable: false,
        canonical: origin + canonicalPath,
        alternates: null,
        url: origin + canonicalPath,
        origin,
      };
    }
    const bare = this.domainLanguage(req, stored);
    const alternates = addresses(origin + canonicalPath, bare, stored);
    const own =
      route.id === 'index'
        ? { title: `${stored.index_title} | ${siteName}`, description: stored.description }
        : texts(route.id === 'pages-token' ? `pages-${params.token}` : route.id);
    return {
      ...own,
      siteName,
      language,
      indexable: true,
      canonical: alternates[language] ?? origin + canonicalPath,
      alternates,
      url: alternates[language] ?? origin + canonicalPath,
      origin,
    };
  }

  /** GET /robots.txt: the public pages allowed, the members area and the API not. */
  async robots(req: Request): Promise<string> {
    return [
      'User-agent: *',
      'Allow: /',
      ...disallowedPrefixes().map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${this.origin(req)}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** GET /sitemap.xml: each indexable page in each language, with its hreflang alternates. */
  async sitemap(req: Request, lastModified: Date): Promise<string> {
    const stored = await this.stored();
    const origin = this.origin(req);
    const bare = this.domainLanguage(req, stored);
    const offered = offeredLanguages(stored.languages_offered);
    const lastmod = lastModified.toISOString().slice(0, 10);
    const urls = indexablePaths().flatMap(({ path }) => {
      const alternates = addresses(origin + path, bare, stored);
      const links = Object.entries(alternates)
        .map(
          ([code, href]) =>
            `    <xhtml:link rel="alternate" hreflang="${code}" href="${escapeHtml(href)}"/>`,
        )
        .join('\n');
      return offered.map(
        (language) =>
          `  <url>\n    <loc>${escapeHtml(alternates[language] ?? origin + path)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${links}\n  </url>`,
      );
    });
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }

  /** The site's address as the visitor used it (https when the site is, behind a proxy too). */
  private origin(req: Request): string {
    const protocol = secureCookies(this.config) ? 'https' : req.protocol;
    return `${protocol}://${req.host}`;
  }

  /** The settings; their defaults when the database cannot be read (the page still renders). */
  private async stored(): Promise<StoredSettings> {
    try {
      return await this.settings.stored();
    } catch (error) {
      this.logger.warn(`settings unavailable for a page head: ${String(error)}`);
      return SETTING_DEFAULTS;
    }
  }
}

/**
 * A page's address in each language the site offers: the domain's own language (and x-default)
 * at the bare address, every other one with ?lang=<code>, which the web app follows (and
 * remembers). A language not offered has no address: search engines are not sent to it.
 */
function addresses(
  address: string,
  bare: Language,
  stored: StoredSettings,
): NonNullable<PageHead['alternates']> {
  const entries = offeredLanguages(stored.languages_offered).map(
    (code) => [code, code === bare ? address : `${address}?lang=${code}`] as const,
  );
  return { ...Object.fromEntries(entries), 'x-default': address };
}

/**
 * The Disallow lines: the first fixed part of each address that is not indexable (/members for
 * /members/:id), the shortest covering prefix only, never one that covers an indexable page.
 */
export function disallowedPrefixes(): string[] {
  const indexable = indexablePaths().map(({ path }) => path);
  const prefixes = new Set<string>();
  for (const route of SITE_ROUTES) {
    if (route.indexable || route.kind === 'not-found') continue;
    const fixed = route.path.split('/').filter(Boolean);
    const cut = fixed.findIndex((segment) => segment.startsWith(':') || segment === '*');
    const prefix = `/${(cut === -1 ? fixed : fixed.slice(0, cut)).join('/')}`;
    if (prefix === '/' || indexable.some((path) => path.startsWith(prefix))) continue;
    prefixes.add(prefix);
  }
  const sorted = [...prefixes].sort();
  const shortest = sorted.filter(
    (prefix) => !sorted.some((other) => other !== prefix && prefix.startsWith(`${other}/`)),
  );
  return [...SERVER_DISALLOWED, ...shortest];
}
