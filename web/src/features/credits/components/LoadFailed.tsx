import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../../api/server-error';

/** A part of a page that could not load: the reason and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span className="flex-grow-1">{serverErrorText(error, t)}</span>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm rounded-pill"
        onClick={onRetry}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A centred spinner with its text (read once by screen readers). */
export function Loading({ text }: { text: string }) {
  return (
    <div className="d-flex flex-column align-items-center py-5" role="status">
      <div className="spinner-border text-primary mb-3" aria-hidden="true" />
      <p className="text-body-secondary mb-0">{text}</p>
    </div>
  );
}
