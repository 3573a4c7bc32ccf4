import type { Language } from './constants';
import type { LandersResponse } from './api/landers';
import type { CompanyInfoResponse, SettingsResponse } from './api/settings';
import type { PackagesResponse } from './api/payments';
import type { SearchResponse } from './api/search';

/**
 * The public pages of the site (SPEC point 2): the landers, the static pages and the token pages.
 * The web's router, the server's page rendering (title, description, canonical, hreflang, status)
 * and the sitemap all read these lists.
 */

/** The nine landers: /landers/<name>/<slug?> (lander layout). */
export const LANDERS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderName = (typeof LANDERS)[number];

/** A member's own landings: /members/<id>/landing, /landing2/<slug?>, /landing3/<slug?>. */
export const MEMBER_LANDINGS = ['landing', 'landing2', 'landing3'] as const;
export type MemberLanding = (typeof MEMBER_LANDINGS)[number];

/**
 * How many members each lander shows (`member`: the others on a member landing). The web asks
 * GET /api/landers.php with these counts; the server asks the same when it renders a lander.
 */
export const LANDER_MEMBER_COUNTS: Record<LanderName | 'member', number> = {
  tinderswipe: 8,
  alonetonight: 12,
  collagelanding: 9,
  gallery: 12,
  iconslanding: 4,
  maplanding: 24,
  socialnetwork: 6,
  transitionsvideolanding: 4,
  video: 4,
  member: 8,
};

/** The static pages: path (without the slash) -> route name (SPEC's route names). */
export const STATIC_PAGES = {
  terms: 'pages-terms',
  privacy: 'pages-privacy',
  cookies: 'pages-cookies',
  ban: 'pages-ban',
  'return-policy': 'pages-return-policy',
  faq: 'pages-faq',
  service: 'pages-service',
} as const;
export type StaticPageName = keyof typeof STATIC_PAGES;

/**
 * The `{token}` pages: further static pages at /<token> (SPEC point 2), each a text of its own in
 * every language. Any other single-segment path is not a page (404).
 */
export const TOKEN_PAGES = ['about', 'safe-dating', 'contact', 'disclaimer'] as const;
export type TokenPageName = (typeof TOKEN_PAGES)[number];

export function isTokenPage(token: string): token is TokenPageName {
  return (TOKEN_PAGES as readonly string[]).includes(token);
}

/**
 * The id of the JSON data block in which the server puts a page's GET /api/settings.php answer
 * (server/src/site-pages); the web app takes it once instead of asking (web/src/api/settings.ts).
 */
export const INLINE_SETTINGS_ID = 'settings-data';

/**
 * The id of the JSON data block of a server-rendered public page (the home page and the
 * landers, for visitors): its language, the texts it shows and the answers it was rendered from,
 * from which the browser takes over the same page (web/src/public).
 */
export const PUBLIC_PAGE_DATA_ID = 'public-page-data';

/** A message catalogue's texts: nested groups of strings. */
export interface PublicTexts {
  [key: string]: string | PublicTexts;
}

/** What the browser takes a server-rendered public page over with (PUBLIC_PAGE_DATA_ID). */
export interface PublicPageData {
  language: Language;
  /** The texts the page shows, by namespace (the default one only in the groups used). */
  texts: Record<string, PublicTexts>;
  /** GET /api/landers.php's answer the page was rendered with (landers only). */
  landers: { count: number; member: number | null; answer: LandersResponse } | null;
  /** GET /api/companyinfo.php's answer (the footer's company details), null when unread. */
  company: CompanyInfoResponse | null;
  /**
   * GET /api/packages.php's answer for the visitor's country (settings' geoip_selected_country)
   * on the pages that show the packages (prices, premium), else null (the page asks itself).
   */
  packages: PackagesResponse | null;
  /**
   * The visitor search's (/members) first page: the filters it shows first (as the address
   * writes them; PublicPageRenderer.searchOf) and GET /api/search.php's answer for them, read
   * through the search service as that call is; null on other pages, past the visitor card
   * limit, or when visitors may not search (the page then asks itself).
   */
  results: { filters: Record<string, string>; answer: SearchResponse } | null;
}

/** What the server renders a public page from. */
export interface PublicRenderInput {
  pathname: string;
  search: string;
  language: Language;
  /** GET /api/settings.php's answer for this page (the same the page inlines). */
  settings: SettingsResponse;
  landers: PublicPageData['landers'];
  company: PublicPageData['company'];
  packages: PublicPageData['packages'];
  results: PublicPageData['results'];
}

/**
 * The web's server build of the public pages (web/src/public/render.tsx, built to
 * web/dist-ssr/render.cjs), which the server loads when it serves the built app.
 */
export interface PublicPageRenderer {
  /** Which members a public page shows (its GET /api/landers.php), or null: not a public page. */
  landersOf(pathname: string): { count: number; member: number | null } | 'none' | null;
  /** Whether a public page shows the credit packages (the server then reads them for it). */
  showsPackages(pathname: string): boolean;
  /**
   * The filters a public page's first search shows (the visitor search: the address's, else the
   * visitor's country), as the address writes them, or null: the page searches nothing on the
   * server (another page, a cleared search, visitors may not search).
   */
  searchOf(
    pathname: string,
    search: string,
    settings: SettingsResponse,
  ): Record<string, string> | null;
  /** `entryWarning`: the HTML holds the entry warning (web/src/features/site-entry). */
  render(input: PublicRenderInput): { html: string; data: PublicPageData; entryWarning: boolean };
}

/**
 * What a visitor does on a server-rendered public page before its scripts have taken it over
 * (web/src/public): the page's inline early-input script (server/src/site-pages/early-input.ts)
 * holds a click on a button and a form's submit (a login form must not be sent by the browser
 * itself, with the password in the address) and numbers the element with PUBLIC_EARLY_ATTRIBUTE;
 * the public entry replays them, in order, once it has set PUBLIC_TAKEN_OVER_ATTRIBUTE on <html>.
 */
export const PUBLIC_TAKEN_OVER_ATTRIBUTE = 'data-taken-over';
export const PUBLIC_EARLY_ATTRIBUTE = 'data-early';
/**
 * Set on <html> by the public entry from the moment it reads what the visitor changed until the
 * page is taken over: meanwhile the early-input script also holds a click on a label or a
 * checkbox or radio (the page is being rendered again: a change the visitor makes now would be
 * undone by it unheard), and the entry replays it with the others.
 */
export const PUBLIC_TAKING_OVER_ATTRIBUTE = 'data-taking-over';

/**
 * The visitor search's first results as the server renders them (the visitor's default filters,
 * before the page has read the gender chosen at signup's first step, which only the browser
 * knows) carry FIRST_SEARCH_ATTRIBUTE; the page's inline check (server/src/site-pages/
 * search-check.ts) marks <html> with VISITOR_SEEKS_ATTRIBUTE when this visit holds such a
 * choice, which hides them until the page has searched the gender chosen.
 */
export const FIRST_SEARCH_ATTRIBUTE = 'data-first-search';
export const VISITOR_SEEKS_ATTRIBUTE = 'data-visitor-seeks';
