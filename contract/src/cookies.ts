/**
 * Every cookie and browser-storage entry the site sets (ePrivacy: "cookies and similar
 * techniques"). The cookie page (/cookies) is built from this list, and tests fail when the site
 * sets a cookie or storage key that is not in it (contract/src/cookies.spec.ts reads the sources,
 * tests/e2e/static-pages.e2e.ts the browser). Add an entry here whenever code
 * starts setting one. `purpose` is an i18n key of the static pages' namespace (`pages`); `days`
 * the lifetime (0: until the browser session ends).
 */
import { AUTH_COOKIE, AUTH_COOKIE_DAYS, LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from './constants';

export const SITE_ENTRY_SKIP_KEY = 'site_entry_skip';
/**
 * The entry warning as the server renders it into a public page (web/src/features/site-entry):
 * before the page's scripts run, its inline check (server/src/site-pages/entry-check.ts) marks
 * <html> with SITE_ENTRY_ANSWERED_CLASS when this browser answered it before (or runs the
 * installed app), which hides it, and answers a click on its SITE_ENTRY_PROCEED_ATTRIBUTE button.
 */
export const SITE_ENTRY_ANSWERED_CLASS = 'site-entry-answered';
export const SITE_ENTRY_PROCEED_ATTRIBUTE = 'data-site-entry-proceed';
/**
 * What a visitor chose at signup's first step, kept for the visit (sessionStorage; written by
 * web/src/components/signup/seeking.ts): the search's default gender. The visitor search's
 * inline check (server/src/site-pages/search-check.ts) reads whether there is a choice.
 */
export const SIGNUP_GENDERS_KEY = 'signup_genders';
/** The conversation a member opened last, which /chats reopens on a desktop (chat state). */
export const LAST_CHAT_KEY = 'last_chat';

export type SiteCookie = {
  /** The cookie's or key's name; with `perMember`, the prefix of `<name>:<member id>…`. */
  name: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage';
  /** Strictly necessary (no consent needed) or a remembered preference (functional). */
  category: 'necessary' | 'functional';
  /** i18n key of the purpose text (static pages' namespace). */
  purpose: string;
  /** Lifetime in days (fractions are hours); 0 = the browser session; null = until cleared. */
  days: number | null;
  /** The key carries the member's id (and a state) after a colon: `<name>:<id>…`. */
  perMember?: boolean;
  /** Set only for the staff console (staff members, not visitors). */
  staffOnly?: boolean;
};

/** Whether a cookie or storage key the browser holds is the listed entry. */
export function isSiteCookie(entry: SiteCookie, key: string): boolean {
  return key === entry.name || (!!entry.perMember && key.startsWith(`${entry.name}:`));
}

export const SITE_COOKIES: readonly SiteCookie[] = [
  // cookies (server/src/auth/cookies.ts, server/src/staff, web/src/i18n/choose-locale.ts)
  {
    name: AUTH_COOKIE,
    kind: 'cookie',
    category: 'necessary',
    purpose: 'cookies.purpose.sid',
    days: AUTH_COOKIE_DAYS,
  },
  {
    name: 'device',
    kind: 'cookie',
    category: 'necessary',
    purpose: 'cookies.purpose.device',
    days: 180, // TRUSTED_DEVICE_DAYS (server/src/auth/trusted-devices.service.ts)
  },
  {
    // one person's accounts tied together (server/src/account-links, issue 35)
    name: 'browser',
    kind: 'cookie',
    category: 'necessary',
    purpose: 'cookies.purpose.browser',
    days: 730, // BROWSER_COOKIE_DAYS (server/src/auth/cookies.ts)
  },
  {
    name: LOCALE_COOKIE,
    kind: 'cookie',
    category: 'functional',
    purpose: 'cookies.purpose.locale',
    days: LOCALE_COOKIE_DAYS,
  },
  {
    name: 'ssid',
    kind: 'cookie',
    category: 'necessary',
    purpose: 'cookies.purpose.ssid',
    days: 0.5, // STAFF_SESSION_HOURS (api/staff.ts)
    staffOnly: true,
  },
  // sessionStorage: gone when the tab closes
  {
    name: 'signup_tracking',
    kind: 'sessionStorage',
    category: 'necessary',
    purpose: 'cookies.purpose.signupTracking',
    days: 0,
  },
  {
    name: 'signup_email',
    kind: 'sessionStorage',
    category: 'necessary',
    purpose: 'cookies.purpose.signupEmail',
    days: 0,
  },
  {
    // what a visitor chose at signup's first step: the search's default (web/src/components/signup/seeking.ts)
    name: SIGNUP_GENDERS_KEY,
    kind: 'sessionStorage',
    category: 'functional',
    purpose: 'cookies.purpose.signupGenders',
    days: 0,
  },
  {
    name: 'chunk-reload-at',
    kind: 'sessionStorage',
    category: 'necessary',
    purpose: 'cookies.purpose.chunkReload',
    days: 0,
  },
  {
    name: 'page_bounce_logging',
    kind: 'sessionStorage',
    category: 'functional',
    purpose: 'cookies.purpose.pageBounce',
    days: 0,
  },
  {
    // the traffic report's visit, counted once per visit (web/src/app/traffic-beacons.ts)
    name: 'traffic_visit',
    kind: 'sessionStorage',
    category: 'functional',
    purpose: 'cookies.purpose.trafficVisit',
    days: 0,
  },
  {
    // react-router's <ScrollRestoration> (web/src/app/layouts/RootShell.tsx)
    name: 'react-router-scroll-positions',
    kind: 'sessionStorage',
    category: 'necessary',
    purpose: 'cookies.purpose.scrollPositions',
    days: 0,
  },
  {
    name: 'vonkje.autoLikeShown',
    kind: 'sessionStorage',
    category: 'functional',
    purpose: 'cookies.purpose.autoLike',
    days: 0,
  },
  // localStorage: kept until the visitor clears it
  {
    name: SITE_ENTRY_SKIP_KEY,
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.siteEntrySkip',
    days: null,
  },
  {
    name: 'vonkje.geocode',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.geocode',
    days: null,
  },
  {
    name: LAST_CHAT_KEY,
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.lastChat',
    days: null,
  },
  {
    name: 'activation_reminder_dismissed',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.dismissal',
    days: null,
    perMember: true,
  },
  {
    name: 'email_disabled_alert_dismissed',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.dismissal',
    days: null,
    perMember: true,
  },
  {
    name: 'profile_photo_alert_dismissed',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.dismissal',
    days: null,
    perMember: true,
  },
  {
    name: 'push_alert_dismissed',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.dismissal',
    days: null,
    perMember: true,
  },
  {
    name: 'time-bonus-dismissed',
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.purpose.timeBonus',
    days: null,
    perMember: true,
  },
];
