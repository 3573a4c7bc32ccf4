import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePush } from '../usePush';

/**
 * The push row of the notification preferences (styled as their switches): on/off for this
 * browser, with why it cannot be switched when the browser blocks notifications (denied) or
 * cannot receive pushes. Not disabled while it works (a keyboard user keeps the focus); a change
 * meanwhile waits.
 */
export function PushPreference() {
  const { t } = useTranslation();
  const push = usePush();
  const id = useId();
  const denied = push.subscription === 'denied';
  const note = !push.isCapable ? t('push.unsupported') : denied ? t('push.denied') : null;

  return (
    <div className="preference-switch push-preference d-flex flex-column flex-sm-row align-items-sm-start gap-sm-3 py-2">
      <div className="form-check form-switch flex-grow-1 mb-0">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={id}
          aria-describedby={`${id}-help${note ? ` ${id}-note` : ''}`}
          checked={push.isSubscribed}
          disabled={note !== null}
          aria-busy={push.busy || push.subscription === null || undefined}
          onChange={(event) => {
            if (push.busy || push.subscription === null) return;
            void (event.target.checked ? push.subscribe() : push.unsubscribe());
          }}
        />
        <label className="form-check-label fw-semibold" htmlFor={id}>
          {t('push.preference.label')}
        </label>
        <div id={`${id}-help`} className="small text-body-secondary">
          {t('push.preference.help')}
        </div>
        {note && (
          <div
            id={`${id}-note`}
            className="small text-warning-emphasis mt-1"
            data-testid="push-unavailable"
          >
            {note}
          </div>
        )}
      </div>
      {push.failed && (
        <div className="preference-switch__state small">
          <span className="text-danger d-block text-wrap" role="alert">
            {t('push.error')}
          </span>
        </div>
      )}
    </div>
  );
}
