import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FIGURES_RANGES, type FiguresRange } from '@app/contract';
import { AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { figuresQueryOptions } from '../api/figures';
import { Dashboard } from '../components/Dashboard';
import { ReplyTimesSection } from '../components/ReplyTimesSection';

const DEFAULT_RANGE: FiguresRange = 30;

function rangeOf(value: string | null): FiguresRange {
  return FIGURES_RANGES.find((range) => String(range) === value) ?? DEFAULT_RANGE;
}

/**
 * The figures (admins): per day in Europe/Amsterdam over 7, 30 or 90 days (the range is in the
 * address), each with its total beside the chart and a table as its text alternative.
 */
export function FiguresPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const query = useQuery(figuresQueryOptions(range));
  return (
    <AdminPage
      title={t('figures.title')}
      intro={t('figures.intro')}
      actions={
        <>
          <Link className="btn btn-sm btn-outline-primary" to="/admin/figures/traffic">
            {t('figures.traffic.title')}
          </Link>
          <nav aria-label={t('figures.range')}>
            <div className="btn-group" role="group">
              {FIGURES_RANGES.map((option) => (
                <Link
                  key={option}
                  to={{ search: `?range=${option}` }}
                  className={`btn btn-sm ${option === range ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-current={option === range ? 'page' : undefined}
                >
                  {t('figures.days', { count: option })}
                </Link>
              ))}
            </div>
          </nav>
        </>
      }
    >
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Dashboard figures={query.data}>
          <ReplyTimesSection range={range} />
        </Dashboard>
      )}
    </AdminPage>
  );
}
