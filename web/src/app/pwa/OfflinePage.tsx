import { useTranslation } from 'react-i18next';

/**
 * The offline page: the service worker starts the app from its cache, but without a network
 * the site's data cannot come. The shell shows this instead of the site and tries again by
 * itself when the connection returns.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="shell-state offline-page d-flex flex-column align-items-center justify-content-center text-center px-3"
    >
      <div className="offline-page__mark mb-4" aria-hidden="true">
        <span>♥</span>
      </div>
      <h1 className="h3 mb-2">{t('pwa.offline.title')}</h1>
      <p className="text-body-secondary mb-1">{t('pwa.offline.text')}</p>
      <p className="text-body-secondary mb-4">{t('pwa.offline.retryText')}</p>
      <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </main>
  );
}
