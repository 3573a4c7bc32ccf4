import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePush } from '../usePush';

/**
 * The push row of the notification preferences: an on/off switch for this browser, with why it
 * cannot be switched when the browser blocks notifications (denied) or cannot receive pushes.
 */
export function PushPreference() {
  const { t } = useTranslation();
  const push = usePush();
  const id = useId();
  const denied = push.subscription === 'denied';
  const unavailable = !push.isCapable || denied;
  const note = !push.isCapable ? t('push.unsupported') : denied ? t('push.denied') : null;

  return (
    <div className="push-preference d-flex align-items-start justify-content-between gap-3 py-3">
      <div>
        <label className="form-check-label fw-semibold d-block" htmlFor={id}>
          {t('push.preference.label')}
        </label>
        <p className="small text-body-secondary mb-0" id={`${id}-help`}>
          {t('push.preference.help')}
        </p>
        {note && (
          <p className="small text-warning-emphasis mt-1 mb-0" data-testid="push-unavailable">
            {note}
          </p>
        )}
        {push.failed && (
          <p className="small text-danger-emphasis mt-1 mb-0" role="alert">
            {t('push.error')}
          </p>
        )}
      </div>
      <div className="form-check form-switch fs-4 mb-0 flex-shrink-0">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          aria-describedby={`${id}-help`}
          checked={push.isSubscribed}
          disabled={unavailable || push.busy || push.subscription === null}
          onChange={(event) => void (event.target.checked ? push.subscribe() : push.unsubscribe())}
        />
      </div>
    </div>
  );
}
