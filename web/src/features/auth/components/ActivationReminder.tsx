import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract';
import { useUser } from '../../../api/user';
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

function dismissalKey(user: User): string {
  return `${ACTIVATION_REMINDER_KEY}:${user.id}`;
}

function isDismissed(user: User): boolean {
  try {
    return window.localStorage.getItem(dismissalKey(user)) === '1';
  } catch {
    return false;
  }
}

/** The activation reminder of the default layout; its dismissal is kept in localStorage. */
export function ActivationReminder() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { pathname } = useLocation();
  const [dismissedNow, setDismissedNow] = useState(false);
  if (!needsActivationReminder(user) || dismissedNow || isDismissed(user)) return null;
  if (OWN_ACTIONS.test(pathname)) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissalKey(user), '1');
    } catch {
      // storage unavailable: hidden for this page view only
    }
    setDismissedNow(true);
  };

  return (
    <div className="container mt-3">
      <section
        className="alert alert-warning alert-dismissible shadow-sm rounded-4 mb-0 activation-reminder"
        aria-label={t('activation.reminderTitle')}
      >
        <div className="d-flex gap-3 align-items-start">
          <span className="fs-3 lh-1" aria-hidden="true">
            ✉️
          </span>
          <div className="flex-grow-1">
            <strong className="d-block mb-1">{t('activation.reminderTitle')}</strong>
            <p className="small mb-2">{t('activation.reminderText')}</p>
            <ActivationMailActions size="sm" />
          </div>
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label={t('activation.dismiss')}
          onClick={dismiss}
        />
      </section>
    </div>
  );
}
