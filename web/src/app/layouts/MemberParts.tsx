/**
 * The parts of the default layout only a logged-in member sees, in a chunk of their own: a
 * visitor's first visit (the home page, a lander) never downloads them. DefaultLayout loads
 * this module once a member is logged in (member-parts.ts).
 */
import { ActivationReminder } from '../../features/auth';
import { ProfilePhotoAlert } from '../../features/photos';
import { EmailDisabledAlert } from '../../features/notification-preferences';
import { MatchModal } from '../../features/likes';
import { PushAlert } from '../../features/push';
import { TimeBonus } from '../../features/credits';
export { ConsentGate } from '../../features/consent';

/** Under the navigation: the time bonus and the member's alerts. */
export function MemberAlerts() {
  return (
    <>
      <TimeBonus />
      <EmailDisabledAlert />
      <ActivationReminder />
      <ProfilePhotoAlert />
      <PushAlert />
    </>
  );
}

/** The Match / New like modal. */
export function MemberOverlays() {
  return <MatchModal />;
}
