import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useSettings } from '../../api/settings';
import { useUser } from '../../api/user';
import { readSiteEntrySkip, shouldShowSiteEntryWarning, storeSiteEntrySkip } from './rules';

// the modal, its focus handling and its texts come only to a visitor who will see them; a chunk
// that cannot load leaves the page usable rather than breaking the layout
const SiteEntryModal = lazy(() =>
  import('./SiteEntryModal').catch(() => ({ default: () => null })),
);

/**
 * The site-entry warning (adults only, fictional profiles) of the chat and lander layouts: once
 * for a logged-out visitor from NL or DE while enable_site_entry_popup is on, never in the
 * installed app. Continuing stores a skip timestamp in this browser.
 */
export function SiteEntryWarning({ installedApp }: { installedApp: boolean }) {
  const settings = useSettings();
  const { user, isPending } = useUser();
  // this browser's own state: never on the server's rendering of a page, only once in the browser
  const inBrowser = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [skippedAt, setSkippedAt] = useState(readSiteEntrySkip);
  const show =
    inBrowser &&
    !isPending &&
    shouldShowSiteEntryWarning({
      loggedIn: !!user,
      installedApp,
      enabled: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      skippedAt,
    });
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SiteEntryModal
        onProceed={() => {
          const now = Date.now();
          storeSiteEntrySkip(now);
          setSkippedAt(now);
        }}
      />
    </Suspense>
  );
}

const noSubscription = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;
