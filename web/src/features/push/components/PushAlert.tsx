import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/user';
import { DismissibleAlert, useRememberedDismissal } from '../../../components/DismissibleAlert';
import { usePush } from '../usePush';

export const PUSH_ALERT_KEY = 'push_alert_dismissed';

/**
 * The push notification alert of the default layout (SPEC point 2): offers a logged-in member
 * to turn push on while the browser can, the member has not decided (permission not asked yet,
 * not subscribed) and has not dismissed it (remembered per member).
 */
export function PushAlert() {
  const { t } = useTranslation();
  const { user } = useUser();
  const push = usePush();
  const { dismissed, dismiss } = useRememberedDismissal(
    user ? `${PUSH_ALERT_KEY}:${user.id}` : null,
  );
  const undecided = typeof Notification !== 'undefined' && Notification.permission === 'default';
  if (!user || dismissed || !push.isCapable || push.subscription !== false) return null;
  if (!undecided && !push.failed) return null;

  return (
    <DismissibleAlert
      tone="primary"
      icon="🔔"
      title={t('push.alert.title')}
      dismissLabel={t('push.alert.dismiss')}
      onDismiss={dismiss}
      className="push-alert"
    >
      <p className="small mb-2">{t('push.alert.text')}</p>
      {push.failed && (
        <p className="small text-danger-emphasis mb-2" role="alert">
          {t('push.error')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={push.busy}
        onClick={() => void push.subscribe()}
      >
        {push.busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('push.alert.action')}
      </button>
    </DismissibleAlert>
  );
}
