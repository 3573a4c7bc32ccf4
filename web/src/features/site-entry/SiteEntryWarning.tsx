import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/settings';
import { useUser } from '../../api/user';
import { SITE_ENTRY_NS } from './i18n';
import { readSiteEntrySkip, shouldShowSiteEntryWarning, storeSiteEntrySkip } from './rules';
import { SiteEntryDialog } from './SiteEntryDialog';
import { siteEntryWarningShown } from './shown';
import './site-entry.scss';

// the modal's focus handling and its texts come only to a visitor who will see them; a chunk
// that cannot load leaves the page usable rather than breaking the layout
const SiteEntryModal = lazy(() =>
  import('./SiteEntryModal').catch(() => ({ default: () => null })),
);

/**
 * The site-entry warning (adults only, fictional profiles) of the chat and lander layouts: once
 * for a logged-out visitor from NL or DE while enable_site_entry_popup is on, never in the
 * installed app. Continuing stores a skip timestamp in this browser.
 *
 * A public page rendered by the server (web/src/public) brings it rendered in, painted with the
 * page, and the browser takes it over where it stands: whether this browser answered it before is
 * known only in the browser, so the server's rendering and the hydrating render assume it did not
 * (and the page's entry check hides it at once where it did: server/src/site-pages/entry-check.ts),
 * then the browser's own state decides.
 */
export function SiteEntryWarning({ installedApp }: { installedApp: boolean }) {
  const settings = useSettings();
  const { user, isPending } = useUser();
  const { i18n } = useTranslation();
  const inBrowser = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [skippedAt, setSkippedAt] = useState(readSiteEntrySkip);
  // first rendered on the server (or hydrating its page): the page holds the rendered copy
  const [brought] = useState(!inBrowser);
  const show =
    !isPending &&
    shouldShowSiteEntryWarning({
      loggedIn: !!user,
      installedApp: inBrowser && installedApp,
      enabled: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      skippedAt: inBrowser ? skippedAt : null,
    });
  // other popups (the like popup) wait while it is on screen
  useEffect(() => (show && inBrowser ? siteEntryWarningShown() : undefined), [show, inBrowser]);
  if (!show) return null;
  const onProceed = () => {
    const now = Date.now();
    storeSiteEntrySkip(now);
    setSkippedAt(now);
  };
  // a public page brought it rendered in, with its texts: taken over where it stands
  if (brought && i18n.hasResourceBundle(i18n.language, SITE_ENTRY_NS)) {
    return <SiteEntryDialog rendered onProceed={onProceed} />;
  }
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <SiteEntryModal onProceed={onProceed} />
    </Suspense>
  );
}

const noSubscription = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;
