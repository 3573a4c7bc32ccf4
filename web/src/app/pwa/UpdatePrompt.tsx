import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdate } from './update-state';

/** The toast "a new version is available — reload" while a new service worker waits. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const apply = useWaitingUpdate();
  const [closed, setClosed] = useState<(() => void) | null>(null);
  const [reloading, setReloading] = useState(false);
  const visible = apply !== null && closed !== apply;
  return (
    <div className="update-prompt" aria-live="polite">
      {visible && (
        <div className="toast show border-0 shadow-lg" data-testid="update-prompt">
          <div className="d-flex align-items-center gap-2 p-2 ps-3">
            <span className="update-prompt__icon" aria-hidden="true">
              ✨
            </span>
            <div className="toast-body flex-grow-1 px-1 py-2 fw-semibold">
              {t('pwa.updateAvailable')}
            </div>
            <button
              type="button"
              className="btn btn-sm btn-light rounded-pill px-3 fw-semibold"
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                apply();
              }}
            >
              {t('pwa.reload')}
            </button>
            <button
              type="button"
              className="btn-close btn-close-white ms-1 me-1"
              aria-label={t('common.close')}
              onClick={() => setClosed(() => apply)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
