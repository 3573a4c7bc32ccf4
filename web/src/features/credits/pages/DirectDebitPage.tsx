import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { DirectDebitRequest, DirectDebitResponse } from '@app/contract';
import { useKeyedCall } from '../../../api/idempotency';
import { ErrorPage } from '../../../components/ErrorPage';
import {
  CheckField,
  FormField,
  ServerErrorAlert,
  SubmitButton,
  useApiForm,
} from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import {
  confirmDirectDebit,
  resendDirectDebitCode,
  startDirectDebit,
  usePaymentMethods,
} from '../api/payments';
import { DeliveryConsentCheck } from '../../consent';
import { Loading } from '../components/LoadFailed';
import { useMoney } from '../money';

const FIELDS = [
  'account_holder',
  'iban',
  'street',
  'house_number',
  'zip',
  'city',
  'phone',
  'consent',
  'delivery_consent',
] as const;
type Field = (typeof FIELDS)[number];

/**
 * /directdebit?package=: the direct debit form (SPEC point 3): account holder, IBAN (checked as
 * typed with ibantools), address, phone and consent; then the SMS code. A blocked account or the
 * limit gets the server's message with the ways out (later, a cheaper package, another method).
 */
export function DirectDebitPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.directDebit'));
  const [search] = useSearchParams();
  const packageId = Number(search.get('package'));
  const code = search.get('code');
  const [mandate, setMandate] = useState<DirectDebitResponse['mandate'] | null>(null);
  if (!Number.isSafeInteger(packageId) || packageId <= 0) return <ErrorPage status={404} />;
  return (
    <section
      className="container py-4 py-md-5"
      aria-labelledby="dd-title"
      style={{ maxWidth: 760 }}
    >
      <h1 id="dd-title" className="h2 section-title mb-2">
        {t('credits.directDebit.title')}
      </h1>
      <OrderLine packageId={packageId} code={code} />
      {mandate ? (
        <CodeStep packageId={packageId} mandate={mandate} onNewCode={setMandate} />
      ) : (
        <FormStep packageId={packageId} code={code} onSent={setMandate} />
      )}
    </section>
  );
}

function OrderLine({ packageId, code }: { packageId: number; code: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const offer = usePaymentMethods(packageId, code);
  if (!offer.data) return <p className="text-body-secondary">{t('credits.directDebit.lead')}</p>;
  return (
    <p className="text-body-secondary" data-testid="dd-order">
      {t('credits.directDebit.order', {
        count: offer.data.package.credits,
        amount: money(offer.data.amount_cents, offer.data.currency),
      })}
    </p>
  );
}

function FormStep({
  packageId,
  code,
  onSent,
}: {
  packageId: number;
  code: string | null;
  onSent: (mandate: DirectDebitResponse['mandate']) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<
    Record<Exclude<Field, 'consent' | 'delivery_consent'>, string>
  >({
    account_holder: '',
    iban: '',
    street: '',
    house_number: '',
    zip: '',
    city: '',
    phone: '',
  });
  const [consent, setConsent] = useState(false);
  const [deliveryConsent, setDeliveryConsent] = useState(false);
  const form = useApiForm<DirectDebitRequest, DirectDebitResponse>({
    mutationFn: startDirectDebit,
    fields: FIELDS,
    validate: () => ({
      iban: isValidIBAN(electronicFormatIBAN(values.iban) ?? '') ? null : t('errors.invalid_iban'),
      consent: consent ? null : t('errors.consent_required'),
      delivery_consent: deliveryConsent ? null : t('errors.delivery_consent_required'),
      account_holder:
        values.account_holder.trim().length >= 2 ? null : t('credits.directDebit.required'),
      phone: values.phone.replace(/\D/g, '').length >= 8 ? null : t('errors.invalid_phone'),
    }),
    onSuccess: (answer) => onSent(answer.mandate),
  });
  const field = (
    name: Exclude<Field, 'consent' | 'delivery_consent'>,
    extra: Record<string, unknown> = {},
  ) => ({
    label: t(`credits.directDebit.${name}`),
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
    error: form.fieldError(name),
    required: true,
    ...extra,
  });
  const blockedOrLimit =
    form.mutation.error && 'code' in form.mutation.error
      ? (form.mutation.error as { code: string }).code
      : null;
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(() => ({
        package: packageId,
        ...values,
        consent,
        delivery_consent: deliveryConsent,
        ...(code ? { code } : {}),
      }))}
    >
      <ServerErrorAlert message={form.formError} />
      {(blockedOrLimit === 'directdebit_limit_reached' ||
        blockedOrLimit === 'directdebit_blocked') && (
        <p className="d-flex flex-wrap gap-2">
          <Link to="/credits" className="btn btn-outline-primary btn-sm rounded-pill">
            {t('credits.directDebit.cheaper')}
          </Link>
          <Link
            to={`/credits/${packageId}`}
            className="btn btn-outline-primary btn-sm rounded-pill"
          >
            {t('credits.directDebit.otherMethod')}
          </Link>
        </p>
      )}
      <FormField {...field('account_holder', { autoComplete: 'name', maxLength: 100 })} />
      <FormField
        {...field('iban', {
          autoComplete: 'off',
          maxLength: 50,
          inputMode: 'text',
          spellCheck: false,
        })}
        hint={t('credits.directDebit.ibanHint')}
      />
      <div className="row g-3">
        <div className="col-8">
          <FormField {...field('street', { autoComplete: 'address-line1', maxLength: 100 })} />
        </div>
        <div className="col-4">
          <FormField {...field('house_number', { maxLength: 20 })} />
        </div>
        <div className="col-5">
          <FormField {...field('zip', { autoComplete: 'postal-code', maxLength: 12 })} />
        </div>
        <div className="col-7">
          <FormField {...field('city', { autoComplete: 'address-level2', maxLength: 100 })} />
        </div>
      </div>
      <FormField
        {...field('phone', { type: 'tel', autoComplete: 'tel', maxLength: 25 })}
        hint={t('credits.directDebit.phoneHint')}
      />
      <CheckField
        label={t('credits.directDebit.consent')}
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        error={form.fieldError('consent')}
        required
      />
      <DeliveryConsentCheck
        checked={deliveryConsent}
        onChange={setDeliveryConsent}
        showRequired={form.fieldError('delivery_consent') !== null}
      />
      <SubmitButton busy={form.busy} className="btn btn-primary btn-lg rounded-pill px-4 mt-3">
        {t('credits.directDebit.sendCode')}
      </SubmitButton>
    </form>
  );
}

function CodeStep({
  packageId,
  mandate,
  onNewCode,
}: {
  packageId: number;
  mandate: DirectDebitResponse['mandate'];
  onNewCode: (mandate: DirectDebitResponse['mandate']) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  // one key per code typed until the debit is made: a retry after a lost answer debits once
  const confirm = useKeyedCall(confirmDirectDebit);
  const form = useApiForm({
    mutationFn: confirm,
    fields: ['otp'],
    validate: () => ({ otp: /^\d{4,8}$/.test(otp.trim()) ? null : t('errors.otp_invalid') }),
    onSuccess: ({ payment }) =>
      void navigate(`/credits/${packageId}/sdd?payment=${payment.payment_id}`),
  });
  const resend = useMutation({
    mutationFn: () => resendDirectDebitCode(mandate.id),
    onSuccess: (answer) => onNewCode(answer.mandate),
  });
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(() => ({ mandate: mandate.id, otp: otp.trim() }))}
    >
      <p>{t('credits.directDebit.codeSent', { phone: mandate.phone_hint })}</p>
      <ServerErrorAlert message={form.formError} />
      <FormField
        label={t('credits.directDebit.otp')}
        value={otp}
        onChange={(event) => setOtp(event.target.value)}
        error={form.fieldError('otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
      />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SubmitButton busy={form.busy} className="btn btn-primary btn-lg rounded-pill px-4">
          {t('credits.directDebit.confirm')}
        </SubmitButton>
        <button
          type="button"
          className="btn btn-link"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('credits.directDebit.resend')}
        </button>
      </div>
      {resend.isSuccess && (
        <p className="text-success mt-2" role="status">
          {t('credits.directDebit.resent')}
        </p>
      )}
      {resend.isPending && <Loading text={t('credits.directDebit.sending')} />}
    </form>
  );
}
