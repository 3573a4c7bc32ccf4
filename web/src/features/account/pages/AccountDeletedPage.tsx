import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';

export const PARTNER_REDIRECT_SECONDS = 10;

/** Leaving for the partner site; an object so tests can watch it. */
export const partnerRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};

/** /account-deleted: deleted, but reactivatable for 14 days; optional partner countdown. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.accountDeleted'));
  const settings = useSettings();
  const partnerUrl = settings.partner_redirect_url;
  const [seconds, setSeconds] = useState(PARTNER_REDIRECT_SECONDS);
  const [cancelled, setCancelled] = useState(false);
  const counting = !!partnerUrl && !cancelled;

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setSeconds((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  useEffect(() => {
    if (counting && seconds === 0) partnerRedirect.go(partnerUrl);
  }, [counting, seconds, partnerUrl]);

  return (
    <AuthCard title={t('accountDeleted.title')} icon="👋">
      <p className="text-center mb-3">{t('accountDeleted.text')}</p>
      <p className="text-center text-body-secondary mb-4">{t('accountDeleted.reactivate')}</p>
      {counting && (
        <div className="bg-body-tertiary rounded-3 p-3 text-center">
          <p className="mb-2" role="timer" aria-live="polite">
            {t('accountDeleted.redirecting', { seconds })}
          </p>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm rounded-pill px-3"
            onClick={() => setCancelled(true)}
          >
            {t('accountDeleted.cancelRedirect')}
          </button>
        </div>
      )}
      {partnerUrl && cancelled && (
        <p className="text-center small text-body-secondary mb-0" role="status">
          {t('accountDeleted.redirectCancelled')}
        </p>
      )}
    </AuthCard>
  );
}
