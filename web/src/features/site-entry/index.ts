/**
 * The site-entry warning (adults only) for the chat and lander layouts; for the public entry
 * (web/src/public) its texts' namespace, the rule whether it shows, and its modal to fetch early.
 */
export { SiteEntryWarning } from './SiteEntryWarning';
export { useSiteEntryWarningShown } from './shown';
export { SITE_ENTRY_NS } from './i18n';
export { shouldShowSiteEntryWarning } from './rules';

/** Fetches the warning's modal ahead (a page that shows it): its chunk, not yet rendered. */
export const preloadSiteEntryModal = () => import('./SiteEntryModal');
