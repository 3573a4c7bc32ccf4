import { useTranslation } from 'react-i18next';
import type { NotificationDisabledReason } from '@app/contract';
import { useEnableEmail } from '../api/notification-preferences';
import { serverErrorText } from '../../../api/server-error';
import { ServerErrorAlert } from '../../../components/form';

/**
 * Why no e-mail reaches the member (SPEC point 8: marked as spam, e-mail bounced, unsubscribed via
 * the mail client), one line per reason, and the button that turns e-mail on again.
 */
export function EmailDisabledReasons({
  reasons,
  size,
}: {
  reasons: readonly NotificationDisabledReason[];
  size?: 'sm';
}) {
  const { t } = useTranslation();
  const enable = useEnableEmail();
  return (
    <>
      <ul className="small mb-2 ps-3 email-disabled__reasons">
        {reasons.map((reason) => (
          <li key={reason}>{t(`emailDisabled.reasons.${reason}`)}</li>
        ))}
      </ul>
      <p className="small mb-2">{t('emailDisabled.enableText')}</p>
      <ServerErrorAlert
        message={enable.isError ? serverErrorText(enable.error, t) : null}
        className="py-2 small"
      />
      <button
        type="button"
        className={`btn btn-primary rounded-pill px-3${size ? ` btn-${size}` : ''}`}
        onClick={() => enable.mutate()}
        disabled={enable.isPending}
        aria-busy={enable.isPending || undefined}
      >
        {enable.isPending && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        )}
        {t('emailDisabled.enable')}
      </button>
    </>
  );
}
