import { useTranslation } from 'react-i18next';

/** Rows of grey placeholders (avatar and two lines) while a card's list loads. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <ul className="list-unstyled mb-0" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="d-flex align-items-center gap-3 py-2">
          <span className="skeleton skeleton--avatar" />
          <span className="flex-grow-1">
            <span className="skeleton skeleton--line w-50 mb-2" />
            <span className="skeleton skeleton--line w-25" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What could not be loaded, with a retry button (disabled while it loads again). */
export function LoadError({
  text,
  onRetry,
  busy,
  className = 'text-center py-3',
}: {
  text: string;
  onRetry: () => void;
  busy: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert">
      <p className="mb-3">{text}</p>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill px-4"
        onClick={onRetry}
        disabled={busy}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}
