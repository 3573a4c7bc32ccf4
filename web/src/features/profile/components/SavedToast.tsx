import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TOAST_MS = 4000;

/**
 * "Saved" for a few seconds after each save (`show` counts the saves; 0: none yet). The live
 * region is always there, so screen readers announce the message when it appears.
 */
export function SavedToast({ show }: { show: number }) {
  const { t } = useTranslation();
  /** The save whose message was closed or timed out. */
  const [closed, setClosed] = useState(0);
  const visible = show > 0 && closed !== show;
  useEffect(() => {
    if (show === 0) return;
    const timer = setTimeout(() => setClosed(show), TOAST_MS);
    return () => clearTimeout(timer);
  }, [show]);
  return (
    <div className="profile-toast" role="status" aria-live="polite">
      {visible && (
        <div className="toast show align-items-center text-bg-success border-0 shadow">
          <div className="d-flex">
            <div className="toast-body fw-semibold">
              <span className="me-2" aria-hidden="true">
                ✓
              </span>
              {t('profileEditor.saved')}
            </div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label={t('common.close')}
              onClick={() => setClosed(show)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
