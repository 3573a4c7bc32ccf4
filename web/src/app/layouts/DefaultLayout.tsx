import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TopNav } from './TopNav';
import { Footer } from './Footer';
import { LegalDisclaimer } from '../../components/LegalDisclaimer';
import { SignupModalProvider } from '../../components/signup/SignupLink';
import { LazyConsentGate, LazyMemberAlerts, LazyMemberOverlays } from './member-parts';
import { useUser } from '../../api/user';

/**
 * Top navigation, alerts, page, legal disclaimer and footer; signup links open the modal; for
 * logged-in members the Match / New like modal and, in the members area, the time bonus (the
 * member-only parts load on first use: member-parts.ts).
 */
export function DefaultLayout() {
  const { user } = useUser();
  return (
    <SignupModalProvider>
      <div className="layout layout--default d-flex flex-column min-vh-100">
        <TopNav />
        {user && (
          <Suspense fallback={null}>
            <LazyMemberAlerts />
          </Suspense>
        )}
        <main id="main" className="flex-grow-1">
          {user && user.pending_consents.length > 0 ? (
            // a legal document still to accept: the re-acceptance screen instead of the page
            <Suspense fallback={null}>
              <LazyConsentGate />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </main>
        <LegalDisclaimer />
        <Footer />
        {user && (
          <Suspense fallback={null}>
            <LazyMemberOverlays />
          </Suspense>
        )}
      </div>
    </SignupModalProvider>
  );
}
