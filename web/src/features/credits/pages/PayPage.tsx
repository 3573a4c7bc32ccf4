import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isPaymentMethod, type OfferedMethod, type PaymentMethodId } from '@app/contract';
import { useKeyedCall } from '../../../api/idempotency';
import { serverErrorText } from '../../../api/server-error';
import { ErrorPage } from '../../../components/ErrorPage';
import { usePageTitle } from '../../../components/usePageTitle';
import { createPayment, usePaymentMethods } from '../api/payments';
import { LoadFailed, Loading } from '../components/LoadFailed';
import { PaymentResult } from '../components/PaymentResult';
import { useMoney } from '../money';
import { DeliveryConsentCheck } from '../../consent';

/** Apple Pay only where the browser can pay with it (Safari on Apple devices). */
function canUseApplePay(): boolean {
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } })
    .ApplePaySession;
  try {
    return session?.canMakePayments?.() === true;
  } catch {
    return false;
  }
}

/**
 * /credits/{id}/{paymentmethod?}: the payment method blocks for the package (loading payment
 * options, then the blocks the country and the provider offer), the order with its discount,
 * and paying: the member goes to the provider's checkout. Back from it (?payment=), the result.
 */
export function CreditsPayPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.creditsPay'));
  const params = useParams();
  const [search] = useSearchParams();
  const packageId = Number(params.id);
  const paymentId = search.get('payment');
  if (!Number.isSafeInteger(packageId) || packageId <= 0) return <ErrorPage status={404} />;
  return (
    <section className="container py-4 py-md-5 pay-page" aria-labelledby="pay-title">
      <h1 id="pay-title" className="h2 section-title mb-4">
        {paymentId ? t('credits.result.title') : t('credits.pay.title')}
      </h1>
      {paymentId ? (
        <PaymentResult paymentId={paymentId} packageId={packageId} />
      ) : (
        <ChooseMethod
          packageId={packageId}
          preferred={params.paymentmethod}
          code={search.get('code')}
        />
      )}
    </section>
  );
}

function ChooseMethod({
  packageId,
  preferred,
  code,
}: {
  packageId: number;
  preferred?: string;
  code: string | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const offer = usePaymentMethods(packageId, code);
  const [chosen, setChosen] = useState<PaymentMethodId | null>(
    preferred && isPaymentMethod(preferred) ? preferred : null,
  );
  const [remember, setRemember] = useState(false);
  // the consent to immediate delivery: unticked until the member ticks it
  const [deliveryConsent, setDeliveryConsent] = useState(false);
  const [triedWithout, setTriedWithout] = useState(false);
  // one key per order (package, method, code) until the server has taken it
  const startPayment = useKeyedCall(createPayment);
  const pay = useMutation({
    mutationFn: startPayment,
    onSuccess: ({ payment }) => {
      if (payment.checkout_url) window.location.assign(payment.checkout_url);
      else void navigate(`/credits/${packageId}/${payment.method}?payment=${payment.payment_id}`);
    },
  });

  if (offer.isPending) return <Loading text={t('credits.pay.loading')} />;
  if (offer.isError) {
    if (offer.error && 'status' in offer.error && offer.error.status === 404) {
      return <ErrorPage status={404} />;
    }
    return (
      <>
        <LoadFailed error={offer.error} onRetry={() => void offer.refetch()} />
        <Link to="/credits">{t('credits.pay.back')}</Link>
      </>
    );
  }
  const data = offer.data;
  const methods = data.methods.filter((m) => m.id !== 'applepay' || canUseApplePay());
  const selected = methods.find((m) => m.id === chosen) ?? null;
  const submit = () => {
    if (!selected) return;
    if (selected.id === 'sdd') {
      const query = new URLSearchParams({ package: String(packageId) });
      if (data.discount_code) query.set('code', data.discount_code);
      void navigate(`/directdebit?${query.toString()}`);
      return;
    }
    if (!deliveryConsent) {
      setTriedWithout(true);
      return;
    }
    pay.mutate({
      package: packageId,
      method: selected.id,
      ...(data.discount_code ? { code: data.discount_code } : {}),
      ...(remember && selected.can_remember ? { remember: true } : {}),
      delivery_consent: true,
    });
  };

  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <fieldset>
          <legend className="h5 mb-3">{t('credits.pay.chooseMethod')}</legend>
          {methods.length === 0 ? (
            <p className="alert alert-info">{t('credits.pay.noMethods')}</p>
          ) : (
            <div className="method-blocks">
              {methods.map((method) => (
                <MethodBlock
                  key={method.id}
                  method={method}
                  checked={chosen === method.id}
                  onChoose={() => setChosen(method.id)}
                />
              ))}
            </div>
          )}
        </fieldset>
        {selected?.can_remember && (
          <div className="form-check mt-3">
            <input
              id="remember-method"
              type="checkbox"
              className="form-check-input"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <label htmlFor="remember-method" className="form-check-label">
              {t('credits.pay.remember')}
            </label>
          </div>
        )}
      </div>
      <div className="col-12 col-lg-5">
        <aside className="card order-summary" aria-labelledby="order-title">
          <div className="card-body">
            <h2 id="order-title" className="h5">
              {t('credits.pay.order')}
            </h2>
            <dl className="row mb-0">
              <dt className="col-7 fw-normal">
                {t('credits.packages.credits', { count: data.package.credits })}
              </dt>
              <dd className="col-5 text-end mb-1">
                {money(data.package.price_cents, data.currency)}
              </dd>
              {data.discount_cents > 0 && (
                <>
                  <dt className="col-7 fw-normal">
                    {t('credits.pay.discount', { code: data.discount_code ?? '' })}
                  </dt>
                  <dd className="col-5 text-end text-success mb-1">
                    −{money(data.discount_cents, data.currency)}
                  </dd>
                </>
              )}
              <dt className="col-7">{t('credits.pay.total')}</dt>
              <dd className="col-5 text-end fw-bold fs-5 mb-0" data-testid="order-total">
                {money(data.amount_cents, data.currency)}
              </dd>
            </dl>
            <DeliveryConsentCheck
              checked={deliveryConsent}
              onChange={setDeliveryConsent}
              showRequired={triedWithout}
            />
            {pay.isError && (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {serverErrorText(pay.error, t)}
              </div>
            )}
            <button
              type="button"
              className="btn btn-primary btn-lg rounded-pill w-100 mt-3"
              disabled={!selected || pay.isPending || pay.isSuccess}
              onClick={submit}
            >
              {pay.isPending || pay.isSuccess
                ? t('credits.pay.redirecting')
                : selected
                  ? t('credits.pay.payWith', { method: t(`credits.methods.${selected.id}`) })
                  : t('credits.pay.chooseFirst')}
            </button>
            <p className="small text-body-secondary mt-3 mb-0">{t('credits.pay.secure')}</p>
          </div>
        </aside>
        <p className="mt-3">
          <Link to="/credits">{t('credits.pay.back')}</Link>
        </p>
      </div>
    </div>
  );
}

function MethodBlock({
  method,
  checked,
  onChoose,
}: {
  method: OfferedMethod;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const id = `method-${method.id}`;
  return (
    <div className={`method-block${checked ? ' method-block--checked' : ''}`}>
      <input
        id={id}
        type="radio"
        name="method"
        className="method-block__input"
        checked={checked}
        onChange={onChoose}
      />
      <label htmlFor={id} className="method-block__label">
        <span className="method-block__logo" aria-hidden="true">
          {t(`credits.methods.${method.id}`).slice(0, 1)}
        </span>
        <span className="flex-grow-1">
          <span className="d-block fw-semibold">{t(`credits.methods.${method.id}`)}</span>
          <span className="d-block small text-body-secondary">
            {method.brands.length > 0
              ? method.brands.map((brand) => t(`credits.methods.${brand}`)).join(' · ')
              : method.instant
                ? t('credits.pay.instant')
                : t('credits.pay.slow')}
          </span>
        </span>
      </label>
    </div>
  );
}
