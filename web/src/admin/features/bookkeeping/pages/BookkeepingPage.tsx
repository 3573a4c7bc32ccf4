import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  BOOKKEEPING_FILES,
  quarterId,
  type VatReportResponse,
  type VatSummaryRow,
} from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { recentQuarters, vatCsvUrl, vatReportQueryOptions } from '../api/bookkeeping';

/**
 * VAT and bookkeeping (admins): a quarter (in the address, `?quarter=2026-Q3`) per country of
 * the buyer, currency and VAT rate, with totals per currency, and its two CSV files (the OSS
 * summary and every invoice, refund and chargeback line) to download; each download is audited.
 */
export function BookkeepingPage() {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const quarters = useMemo(() => recentQuarters(new Date()), []);
  const asked = params.get('quarter');
  const quarter = asked && quarterId.safeParse(asked).success ? asked : quarters[0];
  const options = quarters.includes(quarter) ? quarters : [quarter, ...quarters];
  const query = useQuery(vatReportQueryOptions(quarter));
  return (
    <AdminPage title={t('bookkeeping.title')} intro={t('bookkeeping.intro')}>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <AdminSelect
          label={t('bookkeeping.quarter')}
          value={quarter}
          options={options.map((value) => ({ value, label: quarterLabel(t, value) }))}
          onChange={(value) => setParams({ quarter: value })}
        />
        <div className="d-flex flex-wrap gap-2">
          {BOOKKEEPING_FILES.map((file) => (
            <a
              key={file}
              className="btn btn-outline-primary"
              href={vatCsvUrl(file, quarter)}
              download
            >
              {t(`bookkeeping.download.${file}`)}
            </a>
          ))}
        </div>
      </div>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.lines === 0 ? (
        <AdminEmpty>{t('bookkeeping.none', { quarter: quarterLabel(t, quarter) })}</AdminEmpty>
      ) : (
        <VatTable report={query.data} />
      )}
      <p className="small text-body-secondary mt-3">{t('bookkeeping.rule')}</p>
    </AdminPage>
  );
}

type T = ReturnType<typeof useAdminTranslation>['t'];

function quarterLabel(t: T, quarter: string): string {
  return t('bookkeeping.quarterLabel', { year: quarter.slice(0, 4), q: quarter.slice(-1) });
}

function VatTable({ report }: { report: VatReportResponse }) {
  const { t, i18n } = useAdminTranslation();
  const regions = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  const money = (currency: string, cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
  const country = (row: VatSummaryRow) =>
    row.country
      ? `${regions.of(row.country) ?? row.country} (${row.country})`
      : t('bookkeeping.unknownCountry');
  const rate = (value: number | null) =>
    value === null ? t('bookkeeping.noRate') : t('bookkeeping.rate', { rate: value });
  return (
    // scrolls sideways on a phone: a region reachable by keyboard, named by the caption
    <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="vat-caption">
      <table className="table table-sm align-middle">
        <caption className="caption-top" id="vat-caption">
          {t('bookkeeping.caption', { from: report.from, to: report.to, zone: report.time_zone })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('bookkeeping.columns.country')}</th>
            <th scope="col">{t('bookkeeping.columns.vatRate')}</th>
            <th scope="col" className="text-end">
              {t('bookkeeping.columns.invoices')}
            </th>
            <th scope="col" className="text-end">
              {t('bookkeeping.columns.reversals')}
            </th>
            <th scope="col" className="text-end">
              {t('bookkeeping.columns.net')}
            </th>
            <th scope="col" className="text-end">
              {t('bookkeeping.columns.vat')}
            </th>
            <th scope="col" className="text-end">
              {t('bookkeeping.columns.gross')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.summary.map((row) => (
            <tr key={`${row.country}-${row.currency}-${row.vat_rate ?? ''}`}>
              <th scope="row" className="fw-normal">
                {country(row)}
              </th>
              <td>{rate(row.vat_rate)}</td>
              <td className="text-end">{row.invoices}</td>
              <td className="text-end">{row.reversals}</td>
              <td className="text-end text-nowrap">{money(row.currency, row.net_cents)}</td>
              <td className="text-end text-nowrap">{money(row.currency, row.vat_cents)}</td>
              <td className="text-end text-nowrap">{money(row.currency, row.gross_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {report.totals.map((total) => (
            <tr key={total.currency} className="fw-semibold">
              <th scope="row" colSpan={2}>
                {t('bookkeeping.total', { currency: total.currency })}
              </th>
              <td className="text-end">{total.invoices}</td>
              <td className="text-end">{total.reversals}</td>
              <td className="text-end text-nowrap">{money(total.currency, total.net_cents)}</td>
              <td className="text-end text-nowrap">{money(total.currency, total.vat_cents)}</td>
              <td className="text-end text-nowrap">{money(total.currency, total.gross_cents)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
