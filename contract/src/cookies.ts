/**
 * Every cookie and browser-storage entry the site sets (ePrivacy: "cookies and similar
 * techniques"). The cookie page (/cookies) is built from this list, and tests fail when the site
 * sets a cookie or storage key that is not in it. Add an entry here whenever code starts setting
 * one. `purpose` is an i18n key of the cookie page; `days` the lifetime (0: until the browser
 * session ends).
 */
export const SITE_ENTRY_SKIP_KEY = 'site_entry_skip';
/** The conversation a member opened last, which /chats reopens on a desktop (chat state). */
export const LAST_CHAT_KEY = 'last_chat';

export type SiteCookie = {
  name: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage';
  /** Strictly necessary (no consent needed) or a remembered preference (functional). */
  category: 'necessary' | 'functional';
  /** i18n key of the purpose text (static pages' namespace). */
  purpose: string;
  /** Lifetime in days; 0 = the browser session; null = until the member clears it. */
  days: number | null;
};

/** Filled in by the cookie page's work (issue 21): names here are the ones the code sets today. */
export const SITE_COOKIES: readonly SiteCookie[] = [
  { name: 'sid', kind: 'cookie', category: 'necessary', purpose: 'cookies.sid', days: 30 },
  { name: 'device', kind: 'cookie', category: 'necessary', purpose: 'cookies.device', days: null },
  { name: 'locale', kind: 'cookie', category: 'functional', purpose: 'cookies.locale', days: 365 },
  { name: 'ssid', kind: 'cookie', category: 'necessary', purpose: 'cookies.ssid', days: 0 },
  {
    name: SITE_ENTRY_SKIP_KEY,
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.siteEntrySkip',
    days: null,
  },
  {
    name: LAST_CHAT_KEY,
    kind: 'localStorage',
    category: 'functional',
    purpose: 'cookies.lastChat',
    days: null,
  },
];
