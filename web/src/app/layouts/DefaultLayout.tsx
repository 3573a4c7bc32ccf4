import { Outlet } from 'react-router';
import { TopNav } from './TopNav';
import { Footer } from './Footer';
import { LegalDisclaimer } from '../../components/LegalDisclaimer';
import { ActivationReminder, SignupModalProvider } from '../../features/auth';
import { ProfilePhotoAlert } from '../../features/account';
import { EmailDisabledAlert } from '../../features/notification-preferences';
import { MatchModal } from '../../features/likes';
import { PushAlert } from '../../features/push';
import { TimeBonus } from '../../features/credits';
import { useUser } from '../../api/user';

/**
 * Top navigation, alerts, page, legal disclaimer and footer; signup links open the modal; for
 * logged-in members the Match / New like modal and, in the members area, the time bonus.
 */
export function DefaultLayout() {
  const { user } = useUser();
  return (
    <SignupModalProvider>
      <div className="layout layout--default d-flex flex-column min-vh-100">
        <TopNav />
        {user && <TimeBonus />}
        <EmailDisabledAlert />
        <ActivationReminder />
        <ProfilePhotoAlert />
        {user && <PushAlert />}
        <main id="main" className="flex-grow-1">
          <Outlet />
        </main>
        <LegalDisclaimer />
        <Footer />
        {user && <MatchModal />}
      </div>
    </SignupModalProvider>
  );
}
