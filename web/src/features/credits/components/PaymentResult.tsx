import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHOD_INFO, type Payment } from '@app/contract';
import { PAYMENT_POLL_FOR_MS, PAYMENT_POLL_MS } from '../../../config/constants';
import { userQueryKey } from '../../../api/user';
import { getPayment, paymentQueryKey } from '../api/payments';
import { useMoney } from '../money';
import { LoadFailed, Loading } from './LoadFailed';

/**
 * The screens after the provider's checkout (or a repeat order, or a direct debit): the payment
 * is read (the server checks it with the provider) every PAYMENT_POLL_MS while pending, for
 * PAYMENT_POLL_FOR_MS; then completed, pending, failed ('Betaling mislukt', another method),
 * cancelled or expired. Once paid the user is read again (credits, premium).
 */
export function PaymentResult({ paymentId, packageId }: { paymentId: string; packageId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const started = useRef(Date.now());
  const [polling, setPolling] = useState(true);
  const payment = useQuery({
    queryKey: paymentQueryKey(paymentId),
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      polling && query.state.data?.payment.status === 'pending' ? PAYMENT_POLL_MS : false,
  });
  const status = payment.data?.payment.status;

  useEffect(() => {
    if (status !== 'pending') return;
    const left = PAYMENT_POLL_FOR_MS - (Date.now() - started.current);
    const timer = window.setTimeout(() => setPolling(false), Math.max(0, left));
    return () => window.clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [status, queryClient]);

  if (payment.isPending) return <Loading text={t('credits.result.checking')} />;
  if (payment.isError) {
    return <LoadFailed error={payment.error} onRetry={() => void payment.refetch()} />;
  }
  const p: Payment = payment.data.payment;
  const amount = money(p.amount_cents, p.currency);
  const method = t(`credits.methods.${p.method}`);
  const another = (
    <Link to={`/credits/${packageId}`} className="btn btn-primary rounded-pill px-4">
      {t('credits.result.anotherMethod')}
    </Link>
  );

  if (p.status === 'paid' || p.status === 'refunded') {
    return (
      <Outcome icon="✓" tone="success" title={t('credits.result.paidTitle')}>
        <p className="lead">{t('credits.result.paid', { count: p.credits, amount })}</p>
        <p className="text-body-secondary">{t('credits.result.premium')}</p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to="/members" className="btn btn-primary rounded-pill px-4">
            {t('credits.result.toMembers')}
          </Link>
          <Link
            to={`/transactions/${p.payment_id}`}
            className="btn btn-outline-secondary rounded-pill px-4"
          >
            {t('credits.result.receipt')}
          </Link>
        </div>
      </Outcome>
    );
  }
  if (p.status === 'failed') {
    const recurring = p.sequence_type === 'recurring' && p.method !== 'sdd';
    return (
      <Outcome icon="!" tone="danger" title={t('errors.payment_failed')} alert>
        {recurring ? (
          <>
            <p>{t('errors.recurring_payment_failed')}</p>
            <div className="d-flex flex-wrap gap-2 justify-content-center">
              <Link to="/credits/repeat-order" className="btn btn-primary rounded-pill px-4">
                {t('credits.result.retry')}
              </Link>
              <Link
                to={`/credits/${packageId}/paypal`}
                className="btn btn-outline-primary rounded-pill px-4"
              >
                {t('credits.result.payPal')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{t('credits.result.failed', { method })}</p>
            {another}
          </>
        )}
      </Outcome>
    );
  }
  if (p.status === 'cancelled' || p.status === 'expired') {
    return (
      <Outcome
        icon="×"
        tone="secondary"
        title={t(
          p.status === 'cancelled'
            ? 'credits.result.cancelledTitle'
            : 'credits.result.expiredTitle',
        )}
      >
        <p>{t('credits.result.cancelled')}</p>
        {another}
      </Outcome>
    );
  }
  const slow = !PAYMENT_METHOD_INFO[p.method].instant;
  return (
    <Outcome icon="…" tone="warning" title={t('credits.result.pendingTitle')}>
      <p>{slow ? t('credits.result.pendingSlow', { method }) : t('credits.result.pending')}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        {p.checkout_url && (
          <a href={p.checkout_url} className="btn btn-primary rounded-pill px-4">
            {t('credits.result.continue')}
          </a>
        )}
        {!polling && (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill px-4"
            onClick={() => {
              started.current = Date.now();
              setPolling(true);
              void payment.refetch();
            }}
          >
            {t('credits.result.checkAgain')}
          </button>
        )}
        <Link to="/transactions" className="btn btn-outline-secondary rounded-pill px-4">
          {t('credits.transactions.link')}
        </Link>
      </div>
    </Outcome>
  );
}

function Outcome({
  icon,
  tone,
  title,
  alert,
  children,
}: {
  icon: string;
  tone: 'success' | 'danger' | 'warning' | 'secondary';
  title: string;
  alert?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="payment-outcome text-center py-4" role={alert ? 'alert' : 'status'}>
      <div
        className={`payment-outcome__icon payment-outcome__icon--${tone} mx-auto mb-3`}
        aria-hidden="true"
      >
        {icon}
      </div>
      <h2 className="h3 mb-3">{title}</h2>
      {children}
    </div>
  );
}
