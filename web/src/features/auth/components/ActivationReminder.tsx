import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract';
import { useUser } from '../../../api/user';
import { DismissibleAlert, useRememberedDismissal } from '../../../components/DismissibleAlert';
import { ActivationMailActions } from './ActivationMailActions';

export const ACTIVATION_REMINDER_KEY = 'activation_reminder_dismissed';
/** Pages that already offer the activation mail themselves. */
const OWN_ACTIONS = /^\/(complete-signup|activate\/)/;

/** SPEC point 2 Alerts: logged in, no disabled notifications, not confirmed, profile disabled. */
export function needsActivationReminder(user: User | null): user is User {
  return (
    !!user &&
    user.notifications_disabled.length === 0 &&
    user.status === 'not_confirmed' &&
    user.profile?.status === 'disabled'
  );
}

/** The activation reminder of the default layout; its dismissal is kept in localStorage. */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { pathname } = useLocation();
  const { dismissed, dismiss } = useRememberedDismissal(
    needsActivationReminder(user) ? `${ACTIVATION_REMINDER_KEY}:${user.id}` : null,
  );
  if (dismissed || OWN_ACTIONS.test(pathname)) return null;

  return (
    <DismissibleAlert
      tone="warning"
      icon="✉️"
      title={t('activation.reminderTitle')}
      dismissLabel={t('activation.dismiss')}
      onDismiss={dismiss}
      className="activation-reminder"
    >
      <p className="small mb-2">{t('activation.reminderText')}</p>
      <ActivationMailActions size="sm" />
    </DismissibleAlert>
  );
}
