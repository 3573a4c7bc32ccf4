import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/user';
import { DismissibleAlert, useRememberedDismissal } from '../../../components/DismissibleAlert';
import { EmailDisabledReasons } from './EmailDisabledReasons';

const KEY = 'email_disabled_alert_dismissed';
/** The preferences page says it in place. */
const OWN_NOTICE = '/notifications';

/**
 * The disabled e-mail notifications alert of the default layout (SPEC point 2 Alerts): while
 * notifications_disabled holds a reason, it explains each and offers to turn e-mail on again.
 * Its dismissal is remembered per set of reasons, so a new reason is told again.
 */
export function EmailDisabledAlert() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { pathname } = useLocation();
  const reasons = user?.notifications_disabled ?? [];
  const { dismissed, dismiss } = useRememberedDismissal(
    user && reasons.length > 0 ? `${KEY}:${user.id}:${[...reasons].sort().join(',')}` : null,
  );
  if (dismissed || pathname === OWN_NOTICE) return null;
  return (
    <DismissibleAlert
      tone="warning"
      icon="📭"
      title={t('emailDisabled.title')}
      dismissLabel={t('emailDisabled.dismiss')}
      onDismiss={dismiss}
      className="email-disabled"
    >
      <EmailDisabledReasons reasons={reasons} size="sm" />
    </DismissibleAlert>
  );
}
