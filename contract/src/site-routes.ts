import { LANDERS, MEMBER_LANDINGS, STATIC_PAGES, TOKEN_PAGES } from './site-pages';

/**
 * What the server does with a page path of the web app (server/src/site-pages):
 * - `page`: the app's HTML with status 200;
 * - `member`: a page of one member (`:id` is a profile id): 200 when the profile exists, 410 Gone
 *   when its account was deleted or banned, 404 when there is no such profile;
 * - `not-found`: the router's catch-all (its 404 page); the server answers 404.
 */
export type SiteRouteKind = 'page' | 'member' | 'not-found';

export interface SiteRoute {
  /** The route id of web/src/app/router.tsx (the spec's route name where it gives one). */
  id: string;
  /** The router's path pattern (`:name` a segment, `:name?` an optional one, `*` the rest). */
  path: string;
  kind: SiteRouteKind;
  /** Shown to search engines: `index,follow`, listed in sitemap.xml, allowed in robots.txt. */
  indexable: boolean;
  /** The only values a parameter may take (any other value is a 404), e.g. the token pages. */
  only?: Readonly<Record<string, readonly string[]>>;
}

const page = (id: string, path: string, indexable = false): SiteRoute => ({
  id,
  path,
  kind: 'page',
  indexable,
});
const member = (id: string, path: string): SiteRoute => ({
  id,
  path,
  kind: 'member',
  indexable: false,
});

/**
 * Every route path of the web app (web/src/app/router.tsx; its test fails when the two differ).
 * The public pages are indexable: home, login, signup, pricing, premium, the static pages, the
 * token pages and the landers. The members area, the member pages and landings, chats, likes,
 * credits, the account pages and the staff console are not.
 */
export const SITE_ROUTES: readonly SiteRoute[] = [
  page('index', '/', true),
  page('login', '/login', true),
  // the end of an outside sign-in round trip: the server answers 302 to /login itself
  page('callback', '/callback'),
  page('signup', '/signup', true),
  page('complete-signup', '/complete-signup'),
  page('reset-password', '/reset-password'),
  page('reset-password-do', '/reset-password/do'),
  page('mail-change-do', '/mail-change/do'),
  page('mail-change-cancel', '/mail-change/cancel'),
  page('activate-done', '/activate/done'),
  page('activate-error', '/activate/error'),
  page('account-deleted', '/account-deleted'),
  page('members', '/members'),
  member('members-id', '/members/:id'),
  member('members-id-signup', '/members/:id/signup'),
  member('likes-m-id', '/likes/m/:id'),
  page('likes', '/likes'),
  page('likes-type', '/likes/:type'),
  page('visitors', '/visitors'),
  page('favourites', '/favourites'),
  page('boost', '/boost'),
  page('match-finder', '/match-finder'),
  page('swipe-game', '/swipe-game'),
  page('profile', '/profile'),
  page('profile-verify', '/profile/verify'),
  page('notifications', '/notifications'),
  page('account', '/account'),
  page('account-delete', '/account/delete'),
  page('lang-config', '/lang-config'),
  page('complaints', '/complaints'),
  page('decisions', '/decisions'),
  page('decisions-access', '/decisions/access'),
  page('report', '/report'),
  page('premium', '/premium', true),
  page('pricing', '/pricing', true),
  page('credits', '/credits'),
  page('credits-repeat-order', '/credits/repeat-order'),
  page('credits-id-paymentmethod', '/credits/:id/:paymentmethod?'),
  page('directdebit', '/directdebit'),
  page('transactions', '/transactions/:id?'),
  ...Object.entries(STATIC_PAGES).map(([name, id]) => page(id, `/${name}`, true)),
  // older links /pages/<name>: the server answers 301 to /<name> for a static page, else 404
  page('pages-legacy', '/pages/:name'),
  { ...page('pages-token', '/:token', true), only: { token: TOKEN_PAGES } },
  { id: 'not-found', path: '/*', kind: 'not-found', indexable: false },
  page('chats', '/chats'),
  page('chats-id', '/chats/:id'),
  member('members-id-chat', '/members/:id/chat'),
  ...LANDERS.map((name) => page(`landers-${name}`, `/landers/${name}/:slug?`, true)),
  ...MEMBER_LANDINGS.map((landing) =>
    member(
      `members-id-${landing}`,
      `/members/:id/${landing}${landing === 'landing' ? '' : '/:slug?'}`,
    ),
  ),
  page('signup-matches', '/signup-matches'),
  page('admin', '/admin'),
  page('admin-login', '/admin/login'),
  page('admin-home', '/admin'),
  page('admin-audit', '/admin/audit'),
  page('admin-figures', '/admin/figures'),
  page('admin-traffic', '/admin/figures/traffic'),
  page('admin-postbacks', '/admin/figures/postbacks'),
  page('admin-bookkeeping', '/admin/bookkeeping'),
  page('admin-jobs', '/admin/jobs'),
  page('admin-staff', '/admin/staff'),
  page('admin-members', '/admin/members'),
  page('admin-member', '/admin/members/:id'),
  page('admin-inbox', '/admin/inbox'),
  page('admin-inbox-conversation', '/admin/inbox/:id'),
  page('admin-partners', '/admin/partners'),
  page('admin-partner', '/admin/partners/:id'),
  page('admin-operators', '/admin/operators'),
  page('admin-operator', '/admin/operators/:id'),
  page('admin-settings', '/admin/settings'),
  page('admin-catalogue', '/admin/catalogue'),
  page('admin-catalogue-invites', '/admin/catalogue/invites'),
  page('admin-catalogue-discounts', '/admin/catalogue/discounts'),
  page('admin-catalogue-packages', '/admin/catalogue/packages'),
  page('admin-catalogue-gifts', '/admin/catalogue/gifts'),
  page('admin-catalogue-company', '/admin/catalogue/company'),
  page('admin-campaigns', '/admin/campaigns'),
  page('admin-campaign', '/admin/campaigns/:id'),
  page('admin-complaints', '/admin/complaints'),
  page('admin-complaint', '/admin/complaints/:id'),
  page('admin-appeals', '/admin/appeals'),
  page('admin-scams', '/admin/scams'),
  page('admin-inspection', '/admin/inspection'),
  page('admin-inspection-texts', '/admin/inspection/texts'),
  page('admin-inspection-verification', '/admin/inspection/verification'),
  { id: 'admin-not-found', path: '/admin/*', kind: 'not-found', indexable: false },
];
