import { useTranslation } from 'react-i18next';

export function ShellLoading() {
  const { t } = useTranslation();
  return (
    <div className="shell-state d-flex flex-column align-items-center justify-content-center">
      <div className="spinner-border text-primary mb-3" role="status">
        <span className="visually-hidden">{t('shell.loading')}</span>
      </div>
      <p className="text-body-secondary" aria-hidden="true">
        {t('shell.loading')}
      </p>
    </div>
  );
}

export function ShellError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="shell-state d-flex flex-column align-items-center justify-content-center text-center px-3"
      role="alert"
    >
      <h1 className="h4 mb-2">{t('shell.errorTitle')}</h1>
      <p className="text-body-secondary mb-1">{t('errors.internal_error')}</p>
      <p className="text-body-secondary mb-4">{t('shell.errorText')}</p>
      <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
