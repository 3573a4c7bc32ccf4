import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useKeyedCall } from '../../../api/idempotency';
import { serverErrorText } from '../../../api/server-error';
import { usePageTitle } from '../../../components/usePageTitle';
import { repeatOrder, repeatOrderQueryOptions } from '../api/payments';
import { LoadFailed, Loading } from '../components/LoadFailed';
import { useMoney } from '../money';
import { DeliveryConsentCheck } from '../../consent';

/**
 * /credits/repeat-order: the last package again, charged on a stored method (no checkout). The
 * answer's screen is the payment result (a declined card offers a retry or PayPal).
 */
export function CreditsRepeatOrderPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.creditsRepeatOrder'));
  const money = useMoney();
  const navigate = useNavigate();
  const order = useQuery(repeatOrderQueryOptions());
  const [chosen, setChosen] = useState<number | null>(null);
  // the consent to immediate delivery, as at the checkout: unticked until the member ticks it
  const [deliveryConsent, setDeliveryConsent] = useState(false);
  const [triedWithout, setTriedWithout] = useState(false);
  // one key per order until it is charged: "buy again" after a lost answer charges once
  const charge = useKeyedCall(repeatOrder);
  const buy = useMutation({
    mutationFn: charge,
    onSuccess: ({ payment }) =>
      void navigate(
        `/credits/${payment.package_id ?? 0}/${payment.method}?payment=${payment.payment_id}`,
      ),
  });

  let body;
  if (order.isPending) body = <Loading text={t('credits.repeat.loading')} />;
  else if (order.isError) {
    body = <LoadFailed error={order.error} onRetry={() => void order.refetch()} />;
  } else if (!order.data.order) {
    body = (
      <div className="text-center py-5">
        <p className="lead">{t('credits.repeat.none')}</p>
        <Link to="/credits" className="btn btn-primary rounded-pill px-4">
          {t('credits.repeat.toPackages')}
        </Link>
      </div>
    );
  } else {
    const { package: pkg, mandates } = order.data.order;
    const selected = chosen ?? mandates[0]?.id ?? null;
    body = (
      <div className="card">
        <div className="card-body">
          <h2 className="h4">{t('credits.packages.credits', { count: pkg.credits })}</h2>
          <p className="fs-5 fw-bold">{money(pkg.price_cents, pkg.currency)}</p>
          {mandates.length === 0 ? (
            <>
              <p>{t('credits.repeat.noMandate')}</p>
              <Link to={`/credits/${pkg.id}`} className="btn btn-primary rounded-pill px-4">
                {t('credits.repeat.checkout')}
              </Link>
            </>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="h6">{t('credits.repeat.chooseMandate')}</legend>
                {mandates.map((mandate) => (
                  <div key={mandate.id} className="form-check">
                    <input
                      id={`mandate-${mandate.id}`}
                      type="radio"
                      name="mandate"
                      className="form-check-input"
                      checked={selected === mandate.id}
                      onChange={() => setChosen(mandate.id)}
                    />
                    <label htmlFor={`mandate-${mandate.id}`} className="form-check-label">
                      {t(`credits.methods.${mandate.method}`)} · {mandate.label}
                    </label>
                  </div>
                ))}
              </fieldset>
              <DeliveryConsentCheck
                checked={deliveryConsent}
                onChange={setDeliveryConsent}
                showRequired={triedWithout}
              />
              {buy.isError && (
                <div className="alert alert-danger" role="alert">
                  {serverErrorText(buy.error, t)}
                </div>
              )}
              <button
                type="button"
                className="btn btn-primary btn-lg rounded-pill px-4"
                disabled={selected === null || buy.isPending}
                onClick={() => {
                  if (selected === null) return;
                  if (!deliveryConsent) setTriedWithout(true);
                  else buy.mutate({ mandate: selected, delivery_consent: true });
                }}
              >
                {t('credits.repeat.buy', { amount: money(pkg.price_cents, pkg.currency) })}
              </button>
            </>
          )}
        </div>
      </div>
    );
  }
  return (
    <section
      className="container py-4 py-md-5"
      aria-labelledby="repeat-title"
      style={{ maxWidth: 720 }}
    >
      <h1 id="repeat-title" className="h2 section-title mb-4">
        {t('credits.repeat.title')}
      </h1>
      {body}
    </section>
  );
}
