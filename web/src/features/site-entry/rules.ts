import { ENTRY_WARNING_COUNTRIES } from '@app/contract/constants';
import { SITE_ENTRY_SKIP_KEY } from '@app/contract/cookies';

/** What decides whether the site-entry warning shows (SPEC point 2, "Popups and banners"). */
export interface SiteEntryFacts {
  /** A member is logged in (the warning is for logged-out visitors). */
  loggedIn: boolean;
  /** The site runs as an installed app (display-mode standalone). */
  installedApp: boolean;
  /** The setting enable_site_entry_popup. */
  enabled: boolean;
  /** The visitor's country as the server's GeoIP saw it (settings.geoip_country). */
  country: string;
  /** When this browser closed the warning before (ms since the epoch), or null. */
  skippedAt: number | null;
}

/** The warning shows once for a logged-out visitor from NL or DE, never in the installed app. */
export function shouldShowSiteEntryWarning(facts: SiteEntryFacts): boolean {
  return (
    facts.enabled &&
    !facts.loggedIn &&
    !facts.installedApp &&
    facts.skippedAt === null &&
    (ENTRY_WARNING_COUNTRIES as readonly string[]).includes(facts.country.toUpperCase())
  );
}

/** The skip timestamp this browser stored, or null (none, unreadable, or storage blocked). */
export function readSiteEntrySkip(): number | null {
  try {
    const value = Number(window.localStorage.getItem(SITE_ENTRY_SKIP_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Remembers that the visitor closed the warning (a timestamp, as SPEC point 2 says). */
export function storeSiteEntrySkip(now = Date.now()): void {
  try {
    window.localStorage.setItem(SITE_ENTRY_SKIP_KEY, String(now));
  } catch {
    // storage blocked (private mode): the warning shows again next visit, which is safe
  }
}
