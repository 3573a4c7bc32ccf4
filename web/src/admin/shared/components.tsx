/** The console's page frame, its states (loading, error, empty) and form fields, one look for every area. */
import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { isForbidden } from './api';
import { useAdminTranslation } from './i18n';

/** The document title of a console page: "<page> · <console name>". */
export function useAdminTitle(title: string): void {
  const { t } = useAdminTranslation();
  const console = t('app.consoleName');
  useEffect(() => {
    document.title = `${title} · ${console}`;
  }, [title, console]);
}

export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useAdminTitle(title);
  return (
    <div className="admin-page">
      <header className="admin-page__header d-flex flex-wrap align-items-start gap-2 mb-3">
        <div className="me-auto">
          <h1 className="h3 mb-1">{title}</h1>
          {intro && <p className="text-body-secondary mb-0">{intro}</p>}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

export function AdminLoading() {
  const { t } = useAdminTranslation();
  return (
    <div className="d-flex align-items-center gap-2 py-4 text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}

export function AdminError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useAdminTranslation();
  if (isForbidden(error)) {
    // a staff member whose role does not cover this (a lost session goes to the sign-in)
    return (
      <div className="alert alert-warning" role="alert">
        <strong className="d-block">{t('app.forbidden.title')}</strong>
        {t('app.forbidden.text')}
      </div>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <strong className="me-1">{t('app.error.title')}</strong>
      <span className="me-auto">{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm btn-danger" onClick={onRetry}>
          {t('app.error.retry')}
        </button>
      )}
    </div>
  );
}

export function AdminEmpty({ children }: { children?: ReactNode }) {
  const { t } = useAdminTranslation();
  return <p className="admin-empty text-body-secondary py-4 mb-0">{children ?? t('app.empty')}</p>;
}

/** "Load more" under a paged list (an infinite query): shown while there is a next page. */
export function AdminLoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useAdminTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? t('app.loadingMore') : t('app.loadMore')}
    </button>
  );
}

/**
 * A labelled form control, one look for every form of the console: the label above the control
 * and tied to it. Without `children` the control is a text input with the remaining props;
 * `children` draws another control with the id the label points at.
 */
export function AdminField({
  label,
  className,
  children,
  ...input
}: {
  label: string;
  /** The grid column(s) of the field, e.g. "col-12 col-md-6". */
  className?: string;
  children?: (id: string) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>) {
  const id = useId();
  return (
    <div className={className}>
      <label className="form-label small fw-semibold" htmlFor={id}>
        {label}
      </label>
      {children ? children(id) : <input id={id} className="form-control" {...input} />}
    </div>
  );
}

/** A labelled select of `options` (value and label each), in the look of AdminField. */
export function AdminSelect<V extends string | number>({
  label,
  className,
  value,
  options,
  onChange,
}: {
  label: string;
  className?: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <AdminField label={label} className={className}>
      {(id) => (
        <select
          id={id}
          className="form-select"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}
