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
