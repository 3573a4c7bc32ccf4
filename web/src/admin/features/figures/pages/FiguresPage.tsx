import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  FIGURES_RANGES,
  type FiguresDay,
  type FiguresRange,
  type FiguresResponse,
} from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { replyTimesQueryOptions } from '../../../shared/api';
import { figuresQueryOptions } from '../api';
import type { ChartSeries, DayChartProps } from '../components/DayChart';

/** recharts comes with the dashboard only: its own chunk, loaded when a chart is drawn. */
const DayChart = lazy(() => import('../components/DayChart'));

const DEFAULT_RANGE: FiguresRange = 30;
const COLORS = ['#b0235f', '#1f5fa8', '#2e7d32', '#b45309', '#6a1b9a', '#00777f', '#5d4037'];

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
        <nav aria-label={t('figures.range')}>
          <div className="btn-group" role="group">
            {FIGURES_RANGES.map((option) => (
              <Link
                key={option}
                to={{ search: `?range=${option}` }}
                className={`btn btn-sm ${option === range ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-current={option === range ? 'page' : undefined}
              >
                {t('figures.days', { n: option })}
              </Link>
            ))}
          </div>
        </nav>
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

function useFormats() {
  const { t, i18n } = useAdminTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const longDate = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const money = (currency: string) => {
    const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
    return (cents: number) => format.format(cents / 100);
  };
  const wait = (seconds: number | null) => {
    if (seconds === null) return '–';
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t('figures.waitMinutes', { minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return t('figures.waitHours', { hours, minutes: minutes % 60 });
    return t('figures.waitDays', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  /** A reply time: seconds below a minute, then as the waits. */
  const duration = (seconds: number) =>
    seconds < 60 ? t('figures.waitSeconds', { seconds: Math.round(seconds) }) : wait(seconds);
  return {
    count: (value: number) => number.format(value),
    duration,
    label: (iso: string) => date.format(day(iso)),
    longLabel: (iso: string) => longDate.format(day(iso)),
    money,
    wait,
  };
}

function Dashboard({ figures, children }: { figures: FiguresResponse; children?: ReactNode }) {
  const { t } = useAdminTranslation();
  const f = useFormats();
  const { totals, queue } = figures;
  const quiet =
    totals.signups + totals.activations + totals.first_purchases + totals.messages === 0 &&
    totals.revenue.length === 0;
  const counted = (key: 'signups' | 'activations' | 'first_purchases' | 'messages') => ({
    total: f.count(totals[key]),
    chart: {
      kind: 'bar' as const,
      data: figures.days.map((day) => ({ label: f.label(day.day), value: day[key] })),
      series: [{ key: 'value', name: t(`figures.${key}.title`), color: COLORS[0] }],
      format: f.count,
    },
    rows: figures.days.map((day) => [f.longLabel(day.day), f.count(day[key])]),
  });
  const currencies = [...new Set(totals.revenue.map((line) => line.currency))];
  return (
    <>
      <section className="card mb-3" aria-labelledby="figures-queue">
        <div className="card-body d-flex flex-wrap gap-3 align-items-center">
          <h2 className="h5 mb-0 me-auto" id="figures-queue">
            {t('figures.queue.title')}
          </h2>
          <div className="d-flex gap-4 ms-auto">
            <Stat value={f.count(queue.waiting)} label={t('figures.queue.waiting')} />
            <Stat value={f.wait(queue.oldest_wait_seconds)} label={t('figures.queue.oldest')} />
          </div>
        </div>
      </section>
      {quiet && <AdminEmpty>{t('figures.none')}</AdminEmpty>}
      <div className="row row-cols-1 row-cols-xl-2 g-3">
        {(['signups', 'activations', 'first_purchases', 'messages'] as const).map((key) => {
          const section = counted(key);
          return (
            <FigureSection
              key={key}
              title={t(`figures.${key}.title`)}
              description={t(`figures.${key}.description`)}
              total={section.total}
              totalLabel={t('figures.total', { n: figures.range })}
              chart={section.chart}
              columns={[t('figures.day'), t(`figures.${key}.title`)]}
              rows={section.rows}
            />
          );
        })}
        {currencies.length === 0 ? (
          <FigureSection
            title={t('figures.revenue.title')}
            description={t('figures.revenue.description')}
            total={f.money('EUR')(0)}
            totalLabel={t('figures.total', { n: figures.range })}
            chart={null}
            columns={[]}
            rows={[]}
          >
            <p className="text-body-secondary mb-0">{t('figures.revenue.none')}</p>
          </FigureSection>
        ) : (
          currencies.map((currency) => (
            <RevenueSection key={currency} figures={figures} currency={currency} />
          ))
        )}
        <FigureSection
          title={t('figures.queuePeak.title')}
          description={t('figures.queuePeak.description')}
          total={f.count(queue.waiting)}
          totalLabel={t('figures.queue.waiting')}
          chart={{
            kind: 'line',
            data: figures.days.map((day) => ({
              label: f.label(day.day),
              value: day.queue_peak,
            })),
            series: [{ key: 'value', name: t('figures.queuePeak.title'), color: COLORS[1] }],
            format: f.count,
          }}
          columns={[t('figures.day'), t('figures.queuePeak.title'), t('figures.queue.oldest')]}
          rows={figures.days.map((day) => [
            f.longLabel(day.day),
            day.queue_peak === null ? '–' : f.count(day.queue_peak),
            f.wait(day.oldest_wait_peak_seconds),
          ])}
        />
        {children}
      </div>
    </>
  );
}

/**
 * The operators' reply times over the dashboard's range (GET /api/staff/figures/reply-times, its
 * own query beside the figures): median and 90th percentile per operator as bars side by side,
 * the same per operator as the table, with its own loading, empty and error states.
 */
function ReplyTimesSection({ range }: { range: FiguresRange }) {
  const { t } = useAdminTranslation();
  const f = useFormats();
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

function RevenueSection({ figures, currency }: { figures: FiguresResponse; currency: string }) {
  const { t } = useAdminTranslation();
  const f = useFormats();
  const money = f.money(currency);
  const lines = figures.totals.revenue.filter((line) => line.currency === currency);
  const methods = lines.map((line) => line.method);
  const cents = (day: FiguresDay, method: string) =>
    day.revenue.find((line) => line.currency === currency && line.method === method)
      ?.amount_cents ?? 0;
  const series: ChartSeries[] = methods.map((method, index) => ({
    key: method,
    name: t(`figures.methods.${method}`, { defaultValue: method }),
    color: COLORS[index % COLORS.length],
  }));
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const payments = lines.reduce((sum, line) => sum + line.payments, 0);
  return (
    <FigureSection
      title={t('figures.revenue.titleIn', { currency })}
      description={t('figures.revenue.description')}
      total={money(total)}
      totalLabel={t('figures.revenue.payments', { n: payments })}
      chart={{
        kind: 'bar',
        data: figures.days.map((day) => ({
          label: f.label(day.day),
          ...Object.fromEntries(methods.map((method) => [method, cents(day, method)])),
        })),
        series,
        format: money,
      }}
      columns={[t('figures.day'), ...series.map((s) => s.name), t('figures.revenue.dayTotal')]}
      rows={figures.days.map((day) => {
        const values = methods.map((method) => cents(day, method));
        return [
          f.longLabel(day.day),
          ...values.map(money),
          money(values.reduce((a, b) => a + b, 0)),
        ];
      })}
    >
      <ul className="list-inline small text-body-secondary mb-2">
        {lines.map((line) => (
          <li key={line.method} className="list-inline-item">
            {t(`figures.methods.${line.method}`, { defaultValue: line.method })}:{' '}
            {money(line.amount_cents)}
          </li>
        ))}
      </ul>
    </FigureSection>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <p className="admin-figure__stat mb-0 text-end flex-shrink-0">
      <span className="d-block fs-4 fw-bold lh-1">{value}</span>
      <span className="small text-body-secondary">{label}</span>
    </p>
  );
}

function FigureSection({
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
                <div className="table-responsive">
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
