import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useAdminTranslation } from '../../../shared/i18n';
import type { DayChartProps } from './DayChart';

/** recharts comes with the dashboard only: its own chunk, loaded when a chart is drawn. */
const DayChart = lazy(() => import('./DayChart'));

/** A figure in large type with what it counts under it. */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <p className="admin-figure__stat mb-0 text-end flex-shrink-0">
      <span className="d-block fs-4 fw-bold lh-1">{value}</span>
      <span className="small text-body-secondary">{label}</span>
    </p>
  );
}

/**
 * One figure's card: its title and description, its total, anything else (`children`), and its
 * chart (drawn when its chunk has loaded) with the same numbers as a table, its text alternative.
 */
export function FigureSection({
  title,
  description,
  total,
  totalLabel,
  chart,
  columns,
  rows,
  children,
  order = 'newest-first',
}: {
  title: string;
  description: string;
  total: string;
  totalLabel: string;
  chart: DayChartProps | null;
  columns: string[];
  rows: string[][];
  children?: ReactNode;
  /** The table's rows: days newest first (given oldest first), or as given. */
  order?: 'newest-first' | 'as-given';
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  return (
    <div className="col">
      <section className="card h-100 admin-figure" aria-labelledby={id}>
        <div className="card-body">
          <div className="d-flex align-items-start gap-2 mb-2">
            <div className="me-auto admin-figure__title">
              <h2 className="h5 mb-0" id={id}>
                {title}
              </h2>
              <p className="small text-body-secondary mb-0">{description}</p>
            </div>
            <Stat value={total} label={totalLabel} />
          </div>
          {children}
          {chart && (
            <>
              <Suspense fallback={<div className="admin-chart" aria-hidden="true" />}>
                <DayChart {...chart} />
              </Suspense>
              <details className="admin-figure__table mt-2">
                <summary className="small">{t('figures.asTable')}</summary>
                {/* a wide table scrolls on a phone: focusable, so the keyboard scrolls it too */}
                <div
                  className="table-responsive"
                  tabIndex={0}
                  role="region"
                  aria-label={`${title}: ${t('figures.asTable')}`}
                >
                  <table className="table table-sm small mb-0">
                    <caption className="visually-hidden">{title}</caption>
                    <thead>
                      <tr>
                        {columns.map((column) => (
                          <th key={column} scope="col">
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {(order === 'newest-first' ? [...rows].reverse() : rows).map(
                        ([first, ...rest], index) => (
                          <tr key={`${index}:${first}`}>
                            <th scope="row" className="fw-normal">
                              {first}
                            </th>
                            {rest.map((cell, index) => (
                              <td key={index}>{cell}</td>
                            ))}
                          </tr>
                        ),
                      )}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
