import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface ErrorPageProps {
  /** HTTP-like status code; 500 unless told. */
  status?: number;
  /** Message to show; a generic one unless told (404 has its own). */
  message?: string;
}

/** The generic error page (SPEC point 2): status code, message and, on 404, a link home. */
export function ErrorPage({ status = 500, message }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.errorTitle');
  const text = notFound ? t('errors.notFoundText') : (message ?? t('errors.internal_error'));
  return (
    <section className="error-page container py-5 text-center" aria-labelledby="error-title">
      <p className="error-page__status display-1 fw-bold text-primary mb-2">
        <span className="visually-hidden">{t('errors.statusLabel')} </span>
        {status}
      </p>
      <h1 id="error-title" className="h3 mb-3">
        {title}
      </h1>
      <p className="text-body-secondary mb-4">{text}</p>
      <Link to="/" className="btn btn-primary btn-lg rounded-pill px-4">
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
