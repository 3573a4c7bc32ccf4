import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  TRAFFIC_DIMENSIONS,
  TRAFFIC_GROUPS,
  type TrafficFigures,
  type TrafficGroup,
  type TrafficMoney,
  type TrafficResponse,
} from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminField,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { trafficCsvUrl, trafficQueryOptions, type TrafficParams } from '../api/figures';
import { COLORS } from '../components/chart-colors';
import { FigureSection } from '../components/FigureSection';
import { useFigureFormats } from '../hooks/useFigureFormats';

/** The fields of the filter form, as the address keeps them. */
const FIELDS = ['from', 'to', 'group_by', ...TRAFFIC_DIMENSIONS] as const;
type Field = (typeof FIELDS)[number];

function paramsOf(search: URLSearchParams): TrafficParams {
  const params: TrafficParams = {};
  for (const field of FIELDS) {
    const value = search.get(field);
    if (value) params[field] = value;
  }
  return params;
}

/**
 * Which traffic pays (admins): per day and source (network, ref, sub1-3, lander, slug) the
 * visits, bounces, signups, activations, first purchases, revenue and revenue per signup, from
 * the worker's rollup. The range, filters and grouping are in the address; a chart of the days
 * with its table, the grouped table, and the CSV of every day and source.
 */
export function TrafficPage() {
  const { t } = useAdminTranslation();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const query = useQuery(trafficQueryOptions(params));
  const [draft, setDraft] = useState<TrafficParams>(params);
  const set = (field: Field) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const field of FIELDS) {
      const value = draft[field]?.trim();
      if (value) next.set(field, value);
    }
    setSearch(next);
  };
  const data = query.data;
  return (
    <AdminPage
      title={t('figures.traffic.title')}
      intro={t('figures.traffic.intro')}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-sm btn-outline-primary" to="/admin/figures">
            {t('figures.traffic.toFigures')}
          </Link>
          <Link className="btn btn-sm btn-outline-primary" to="/admin/figures/postbacks">
            {t('figures.postbacks.title')}
          </Link>
        </div>
      }
    >
      <form className="card mb-3" onSubmit={submit} aria-label={t('figures.traffic.filters')}>
        <div className="card-body row g-2 align-items-end">
          <AdminField
            className="col-6 col-md-3 col-xl-2"
            label={t('figures.traffic.from')}
            type="date"
            value={draft.from ?? data?.from ?? ''}
            onChange={(e) => set('from')(e.target.value)}
          />
          <AdminField
            className="col-6 col-md-3 col-xl-2"
            label={t('figures.traffic.to')}
            type="date"
            value={draft.to ?? data?.to ?? ''}
            onChange={(e) => set('to')(e.target.value)}
          />
          <AdminSelect
            className="col-6 col-md-3 col-xl-2"
            label={t('figures.traffic.network')}
            value={draft.network ?? ''}
            options={[
              { value: '', label: t('figures.traffic.all') },
              { value: '-', label: t('figures.traffic.noneValue') },
              ...(data?.networks ?? []).map((value) => ({ value, label: value })),
            ]}
            onChange={set('network')}
          />
          <AdminSelect
            className="col-6 col-md-3 col-xl-2"
            label={t('figures.traffic.lander')}
            value={draft.lander ?? ''}
            options={[
              { value: '', label: t('figures.traffic.all') },
              { value: '-', label: t('figures.traffic.noneValue') },
              ...(data?.landers ?? []).map((value) => ({ value, label: value })),
            ]}
            onChange={set('lander')}
          />
          {(['ref', 'sub1', 'sub2', 'sub3', 'slug'] as const).map((field) => (
            <AdminField
              key={field}
              className="col-6 col-md-3 col-xl-2"
              label={t(`figures.traffic.dims.${field}`)}
              value={draft[field] ?? ''}
              onChange={(e) => set(field)(e.target.value)}
            />
          ))}
          <AdminSelect
            className="col-6 col-md-3 col-xl-2"
            label={t('figures.traffic.groupBy')}
            value={draft.group_by ?? 'network'}
            options={TRAFFIC_GROUPS.map((value) => ({
              value,
              label: t(`figures.traffic.dims.${value}`),
            }))}
            onChange={set('group_by')}
          />
          <div className="col-12 d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary">
              {t('figures.traffic.apply')}
            </button>
            <a className="btn btn-outline-primary" href={trafficCsvUrl(params)} download>
              {t('figures.traffic.csv')}
            </a>
          </div>
        </div>
      </form>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TrafficReport report={query.data} />
      )}
    </AdminPage>
  );
}

function TrafficReport({ report }: { report: TrafficResponse }) {
  const { t } = useAdminTranslation();
  const f = useFigureFormats();
  const money = (lines: TrafficMoney[]) =>
    lines.length === 0
      ? '–'
      : lines.map((line) => f.money(line.currency)(line.amount_cents)).join(', ');
  const rate = (figures: TrafficFigures) =>
    figures.visits === 0 ? '–' : `${Math.round((100 * figures.bounces) / figures.visits)} %`;
  const cells = (figures: TrafficFigures) => [
    f.count(figures.visits),
    f.count(figures.bounces),
    rate(figures),
    f.count(figures.signups),
    f.count(figures.activations),
    f.count(figures.first_purchases),
    money(figures.revenue),
    money(figures.revenue_per_signup),
  ];
  const columns = [
    t('figures.traffic.visits'),
    t('figures.traffic.bounces'),
    t('figures.traffic.bounceRate'),
    t('figures.signups.title'),
    t('figures.activations.title'),
    t('figures.first_purchases.title'),
    t('figures.revenue.title'),
    t('figures.traffic.revenuePerSignup'),
  ];
  const keyLabel = (group: TrafficGroup, key: string) =>
    group === 'day' ? f.longLabel(key) : key === '' ? t('figures.traffic.noneValue') : key;
  const series = [
    { key: 'visits', name: t('figures.traffic.visits'), color: COLORS[1] },
    { key: 'signups', name: t('figures.signups.title'), color: COLORS[0] },
    { key: 'first_purchases', name: t('figures.first_purchases.title'), color: COLORS[2] },
  ];
  return (
    <>
      <p className="small text-body-secondary">
        {report.computed_at
          ? t('figures.traffic.computedAt', {
              at: new Date(report.computed_at).toLocaleString(),
            })
          : t('figures.traffic.neverComputed')}
      </p>
      <div className="row row-cols-1 g-3 mb-3">
        <FigureSection
          title={t('figures.traffic.perDay')}
          description={t('figures.traffic.perDayDescription')}
          total={f.count(report.totals.signups)}
          totalLabel={t('figures.traffic.signupsTotal')}
          chart={{
            kind: 'line',
            data: report.days.map((day) => ({
              label: f.label(day.day),
              visits: day.visits,
              signups: day.signups,
              first_purchases: day.first_purchases,
            })),
            series,
            format: f.count,
          }}
          columns={[t('figures.day'), ...columns]}
          rows={report.days.map((day) => [f.longLabel(day.day), ...cells(day)])}
        />
      </div>
      <section className="card" aria-labelledby="traffic-table">
        <div className="card-body">
          <h2 className="h5" id="traffic-table">
            {t('figures.traffic.tableTitle', {
              group: t(`figures.traffic.dims.${report.group_by}`),
            })}
          </h2>
          {report.rows.length === 0 ? (
            <AdminEmpty>{t('figures.traffic.none')}</AdminEmpty>
          ) : (
            <div
              className="table-responsive"
              tabIndex={0}
              role="region"
              aria-label={`${t('figures.traffic.tableTitle', {
                group: t(`figures.traffic.dims.${report.group_by}`),
              })}: ${t('figures.asTable')}`}
            >
              <table className="table table-sm table-striped small mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t(`figures.traffic.dims.${report.group_by}`)}</th>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="text-end">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className="fw-normal text-break">
                        {keyLabel(report.group_by, row.key)}
                      </th>
                      {cells(row).map((cell, index) => (
                        <td key={index} className="text-end text-nowrap">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="fw-semibold">
                    <th scope="row">{t('figures.traffic.total')}</th>
                    {cells(report.totals).map((cell, index) => (
                      <td key={index} className="text-end text-nowrap">
                        {cell}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {report.truncated && (
            <p className="small text-body-secondary mt-2 mb-0">{t('figures.traffic.truncated')}</p>
          )}
        </div>
      </section>
    </>
  );
}
