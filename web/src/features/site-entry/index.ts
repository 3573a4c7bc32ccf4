/** The site-entry warning (adults only) for the chat and lander layouts. */
export { SiteEntryWarning } from './SiteEntryWarning';
export { useSiteEntryWarningShown } from './shown';
