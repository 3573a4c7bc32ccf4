import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@app/contract';
import { useCompanyInfo } from '../../../api/companyinfo';
import { usePageTitle } from '../../../components/usePageTitle';
import { transactionQueryOptions, transactionsQueryOptions } from '../api/payments';
import { LoadFailed, Loading } from '../components/LoadFailed';
import { useMoney } from '../money';
import { formatDate } from '../../../i18n/format';

const STATUS_TONE: Record<Transaction['status'], string> = {
  paid: 'text-bg-success',
  pending: 'text-bg-warning',
  failed: 'text-bg-danger',
  cancelled: 'text-bg-secondary',
  expired: 'text-bg-secondary',
  refunded: 'text-bg-info',
};

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }, i18n.language);
}

/** /transactions/{id?}: the member's payments; with an id, that payment and its invoice. */
export function TransactionsPage() {
  const { id } = useParams();
  return id ? <TransactionDetail paymentId={id} /> : <TransactionList />;
}

function TransactionList() {
  const { t } = useTranslation();
  usePageTitle(t('pages.transactions'));
  const money = useMoney();
  const date = useDate();
  const list = useQuery(transactionsQueryOptions());
  return (
    <section className="container py-4 py-md-5" aria-labelledby="tx-title">
      <h1 id="tx-title" className="h2 section-title mb-4">
        {t('credits.transactions.title')}
      </h1>
      {list.isPending ? (
        <Loading text={t('credits.transactions.loading')} />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.transactions.length === 0 ? (
        <div className="text-center py-5">
          <p className="lead">{t('credits.transactions.empty')}</p>
          <Link to="/credits" className="btn btn-primary rounded-pill px-4">
            {t('credits.repeat.toPackages')}
          </Link>
        </div>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle transactions-table">
            <caption className="visually-hidden">{t('credits.transactions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('credits.transactions.date')}</th>
                <th scope="col">{t('credits.transactions.paymentId')}</th>
                <th scope="col">{t('credits.transactions.method')}</th>
                <th scope="col">{t('credits.transactions.bank')}</th>
                <th scope="col" className="text-end">
                  {t('credits.transactions.credits')}
                </th>
                <th scope="col" className="text-end">
                  {t('credits.transactions.amount')}
                </th>
                <th scope="col" className="text-end">
                  {t('credits.transactions.costs')}
                </th>
                <th scope="col">{t('credits.transactions.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.transactions.map((tx) => (
                <tr key={tx.payment_id}>
                  <td className="text-nowrap">{date(tx.created_at)}</td>
                  <td>
                    <Link to={`/transactions/${tx.payment_id}`} className="font-monospace small">
                      {tx.payment_id}
                    </Link>
                  </td>
                  <td>{t(`credits.methods.${tx.method}`)}</td>
                  <td>{tx.bank ?? '–'}</td>
                  <td className="text-end">{tx.credits}</td>
                  <td className="text-end text-nowrap">
                    {money(tx.amount_cents, tx.currency)}
                    {tx.reversed_cents > 0 && (
                      <span className="d-block small text-body-secondary">
                        {t('credits.transactions.reversed', {
                          amount: money(tx.reversed_cents, tx.currency),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    {money(tx.transaction_costs_cents, tx.currency)}
                  </td>
                  <td>
                    <span className={`badge rounded-pill ${STATUS_TONE[tx.status]}`}>
                      {t(`credits.status.${tx.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TransactionDetail({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.transactions'));
  const money = useMoney();
  const date = useDate();
  const query = useQuery(transactionQueryOptions(paymentId));
  const company = useCompanyInfo();
  let body;
  if (query.isPending) body = <Loading text={t('credits.transactions.loading')} />;
  else if (query.isError)
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const { transaction: tx, invoice } = query.data;
    const seller = company.data;
    body = invoice ? (
      <article className="invoice card" aria-labelledby="invoice-title">
        <div className="card-body p-4 p-md-5">
          <div className="d-flex flex-wrap justify-content-between gap-3 mb-4">
            <div>
              <h2 id="invoice-title" className="h3 mb-1">
                {t('credits.invoice.title')}
              </h2>
              <p className="mb-0">
                {t('credits.invoice.number')}: <strong>{invoice.number}</strong>
              </p>
              <p className="mb-0">
                {t('credits.invoice.date')}: {date(invoice.date)}
              </p>
            </div>
            {seller && (
              <address className="mb-0 text-md-end" data-testid="invoice-seller">
                <strong>{seller.name}</strong>
                <br />
                {seller.address}
                <br />
                {seller.city}, {seller.country}
                <br />
                {t('credits.invoice.kvk')}: {seller.kvk}
                <br />
                {t('credits.invoice.vatNumber')}: {seller.vat_numbers.join(', ')}
              </address>
            )}
          </div>
          <p className="mb-4">
            <span className="text-body-secondary">{t('credits.invoice.to')}:</span>{' '}
            {invoice.buyer.name}
            {invoice.buyer.email ? ` · ${invoice.buyer.email}` : ''}
          </p>
          <table className="table">
            <caption className="visually-hidden">{t('credits.invoice.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('credits.invoice.description')}</th>
                <th scope="col" className="text-end">
                  {t('credits.transactions.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('credits.packages.credits', { count: invoice.credits })}</td>
                <td className="text-end">{money(invoice.price_cents, invoice.currency)}</td>
              </tr>
              {invoice.discount_cents > 0 && (
                <tr>
                  <td>{t('credits.pay.discount', { code: tx.discount_code ?? '' })}</td>
                  <td className="text-end">−{money(invoice.discount_cents, invoice.currency)}</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('credits.pay.total')}</th>
                <td className="text-end fw-bold">{money(invoice.total_cents, invoice.currency)}</td>
              </tr>
              <tr>
                <td className="text-body-secondary">
                  {invoice.vat_rate === null
                    ? t('credits.invoice.noVat')
                    : t('credits.invoice.vat', { rate: invoice.vat_rate })}
                </td>
                <td className="text-end text-body-secondary">
                  {money(invoice.vat_cents, invoice.currency)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="small text-body-secondary mb-0">
            {t('credits.invoice.paidWith', {
              method: t(`credits.methods.${tx.method}`),
              id: tx.payment_id,
            })}
          </p>
        </div>
      </article>
    ) : (
      <div className="card card-body">
        <p className="mb-1">
          {t('credits.transactions.paymentId')}:{' '}
          <span className="font-monospace">{tx.payment_id}</span>
        </p>
        <p className="mb-1">
          {t('credits.transactions.status')}: {t(`credits.status.${tx.status}`)}
        </p>
        <p className="mb-0 text-body-secondary">{t('credits.invoice.none')}</p>
      </div>
    );
  }
  return (
    <section
      className="container py-4 py-md-5 invoice-page"
      aria-labelledby="tx-detail-title"
      style={{ maxWidth: 860 }}
    >
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4 d-print-none">
        <h1 id="tx-detail-title" className="h2 section-title mb-0">
          {t('credits.transactions.detail')}
        </h1>
        <div className="d-flex gap-2">
          <Link to="/transactions" className="btn btn-outline-secondary rounded-pill">
            {t('credits.transactions.all')}
          </Link>
          {query.data?.invoice && (
            <button
              type="button"
              className="btn btn-primary rounded-pill"
              onClick={() => window.print()}
            >
              {t('credits.invoice.print')}
            </button>
          )}
        </div>
      </div>
      {body}
    </section>
  );
}
