import { useQuery } from '@tanstack/react-query';
import type { FiguresRange } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading } from '../../../shared/components';
import { replyTimesQueryOptions } from '../../../shared/api';
import { useAdminTranslation } from '../../../shared/i18n';
import { useFigureFormats } from '../hooks/useFigureFormats';
import { COLORS } from './chart-colors';
import { FigureSection } from './FigureSection';

/**
 * The operators' reply times over the dashboard's range (GET /api/staff/figures/reply-times, its
 * own query beside the figures): median and 90th percentile per operator as bars side by side,
 * the same per operator as the table, with its own loading, empty and error states.
 */
export function ReplyTimesSection({ range }: { range: FiguresRange }) {
  const { t } = useAdminTranslation();
  const f = useFigureFormats();
  const query = useQuery(replyTimesQueryOptions(range));
  const common = {
    title: t('figures.replyTimes.title'),
    description: t('figures.replyTimes.description'),
    totalLabel: t('figures.replyTimes.replies'),
  };
  if (query.isPending || query.isError || query.data.operators.length === 0) {
    return (
      <FigureSection
        {...common}
        total={query.isSuccess ? f.count(0) : '–'}
        chart={null}
        columns={[]}
        rows={[]}
      >
        {query.isPending ? (
          <AdminLoading />
        ) : query.isError ? (
          <AdminError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <AdminEmpty>{t('figures.replyTimes.none')}</AdminEmpty>
        )}
      </FigureSection>
    );
  }
  const operators = query.data.operators.map((row) => ({
    ...row,
    name: row.operator?.name ?? t('figures.replyTimes.erased'),
  }));
  const median = t('figures.replyTimes.median');
  const p90 = t('figures.replyTimes.p90');
  return (
    <FigureSection
      {...common}
      total={f.count(operators.reduce((sum, row) => sum + row.replies, 0))}
      chart={{
        kind: 'bar',
        stacked: false,
        data: operators.map((row) => ({
          label: row.name,
          median: row.median_seconds,
          p90: row.p90_seconds,
        })),
        series: [
          { key: 'median', name: median, color: COLORS[0] },
          { key: 'p90', name: p90, color: COLORS[1] },
        ],
        format: f.duration,
      }}
      columns={[
        t('figures.replyTimes.operator'),
        t('figures.replyTimes.repliesColumn'),
        median,
        p90,
      ]}
      rows={operators.map((row) => [
        row.name,
        f.count(row.replies),
        f.duration(row.median_seconds),
        f.duration(row.p90_seconds),
      ])}
      order="as-given"
    />
  );
}
