import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../../../components/CurrentPasswordField';
import {
  CheckField,
  ChoiceField,
  FormField,
  ServerErrorAlert,
  SubmitButton,
  useApiForm,
} from '../../../components/form';
import {
  DELETION_REASONS,
  DELETION_REMARKS_MAX,
  type DeletionReason,
} from '@app/contract/constants';
import type { DiscountCode } from '@app/contract';
import {
  deleteAccount,
  deleteDiscountQueryOptions,
  startDeletion,
  stayAfterAll,
} from '../../../api/account';
import { useCompanyInfo } from '../../../api/companyinfo';
import { userQueryKey, useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { formatDate } from '../../../i18n/format';

/**
 * /account/delete: the alternatives first; "continue" asks the server for the deletion
 * (account-delete-start.php), and only then, beside the reason and the explicit confirmation,
 * comes the deletion offer (a code of the member's own, valid while the deletion is begun);
 * staying ends the begun deletion and the code with it.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('deleteAccount.title'));
  const { user, isPending } = useUser();
  const [step, setStep] = useState<'alternatives' | 'reason'>('alternatives');
  const [leaving, setLeaving] = useState(false);
  // the reason step comes whatever the answer: the start only opens the offer
  const start = useMutation({ mutationFn: startDeletion, onSettled: () => setStep('reason') });
  if (isPending) return null;
  if (!user && !leaving) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('deleteAccount.title')} icon="🗑️" wide>
      {step === 'alternatives' ? (
        <Alternatives busy={start.isPending} onContinue={() => start.mutate()} />
      ) : (
        <>
          {start.isSuccess && <DeletionOffer />}
          <ReasonForm onDeleted={() => setLeaving(true)} />
        </>
      )}
    </AuthCard>
  );
}

/** The deletion offer, asked for once the deletion is begun; nothing when there is none. */
function DeletionOffer() {
  const { data: company } = useCompanyInfo();
  // the code is the member's own, issued now; companyinfo.php says only whether there is one
  const { data: discount } = useQuery({
    ...deleteDiscountQueryOptions(),
    enabled: company?.delete_discount === true,
  });
  if (!discount) return null;
  return (
    <ul className="list-unstyled mb-4">
      <DiscountOffer discount={discount} />
    </ul>
  );
}

/** The stay button of a begun deletion: it ends (fire and forget: the member is on their way). */
function StayLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/members"
      className="btn btn-primary rounded-pill px-4"
      onClick={() => void stayAfterAll().catch(() => undefined)}
    >
      {t('deleteAccount.stay')}
    </Link>
  );
}

function Alternatives({ busy, onContinue }: { busy: boolean; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-center text-body-secondary mb-4">{t('deleteAccount.alternativesIntro')}</p>
      <ul className="list-unstyled d-grid gap-3 mb-4">
        <li className="bg-body-tertiary rounded-3 p-3">
          <p className="fw-semibold mb-1">{t('deleteAccount.altEmailTitle')}</p>
          <p className="small text-body-secondary mb-2">{t('deleteAccount.altEmailText')}</p>
          <Link to="/account#email" className="small fw-semibold">
            {t('deleteAccount.altEmailLink')}
          </Link>
        </li>
        <li className="bg-body-tertiary rounded-3 p-3">
          <p className="fw-semibold mb-1">{t('deleteAccount.altPrivacyTitle')}</p>
          <p className="small text-body-secondary mb-2">{t('deleteAccount.altPrivacyText')}</p>
          <Link to="/profile" className="small fw-semibold">
            {t('deleteAccount.altPrivacyLink')}
          </Link>
        </li>
        <li className="bg-body-tertiary rounded-3 p-3">
          <p className="fw-semibold mb-1">{t('deleteAccount.altTryoutTitle')}</p>
          <p className="small text-body-secondary mb-2">{t('deleteAccount.altTryoutText')}</p>
          <Link to="/credits" className="small fw-semibold">
            {t('deleteAccount.altTryoutLink')}
          </Link>
        </li>
      </ul>
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between">
        <Link to="/members" className="btn btn-primary rounded-pill px-4">
          {t('deleteAccount.stay')}
        </Link>
        <button
          type="button"
          className="btn btn-outline-danger rounded-pill px-4"
          disabled={busy}
          onClick={onContinue}
        >
          {t('deleteAccount.continue')}
        </button>
      </div>
    </>
  );
}

function DiscountOffer({ discount }: { discount: DiscountCode }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="bg-body-tertiary rounded-3 p-3">
      <p className="fw-semibold mb-1">{t('deleteAccount.altDiscountTitle')}</p>
      <p className="small text-body-secondary mb-1">
        {t('deleteAccount.altDiscountText')} <code className="fs-6 fw-bold">{discount.code}</code>
      </p>
      <p className="small text-body-secondary mb-2">
        {t('deleteAccount.altDiscountTerms', {
          percentage: discount.value_percentage,
          date: discount.expires
            ? formatDate(discount.expires, { dateStyle: 'long' }, i18n.language)
            : '',
        })}
      </p>
      <Link to={`/credits?code=${encodeURIComponent(discount.code)}`} className="small fw-semibold">
        {t('deleteAccount.altDiscountLink')}
      </Link>
    </li>
  );
}

function ReasonForm({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<DeletionReason | null>(null);
  const [remarks, setRemarks] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const form = useApiForm({
    mutationFn: deleteAccount,
    fields: ['reason', 'remarks', 'password', 'confirm'],
    validate: () => ({
      reason: reason ? null : t('deleteAccount.reasonRequired'),
      password: password ? null : t('password.currentRequired'),
      confirm: confirmed ? null : t('deleteAccount.confirmRequired'),
    }),
    onSuccess: async (response) => {
      onDeleted();
      await navigate('/account-deleted', { state: { purgeAt: response?.purge_at } });
      // the session has ended on the server
      queryClient.setQueryData(userQueryKey, { user: null });
    },
  });

  const onSubmit = form.handleSubmit(() => ({
    confirm: true as const,
    reason: reason as DeletionReason, // built only once validate found a reason chosen
    password,
    ...(reason === 'other' && remarks.trim() ? { remarks: remarks.trim() } : {}),
  }));

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate>
      <ServerErrorAlert message={form.formError} />
      <ChoiceField
        legend={t('deleteAccount.reasonLegend')}
        options={DELETION_REASONS.map((value) => ({
          value,
          label: t(`deleteAccount.reasons.${value}`),
        }))}
        value={reason}
        onChange={setReason}
        error={form.fieldError('reason')}
      />
      {reason === 'other' && (
        <FormField
          as="textarea"
          id={`${id}-remarks`}
          label={t('deleteAccount.remarks')}
          maxLength={DELETION_REMARKS_MAX}
          value={remarks}
          error={form.fieldError('remarks')}
          onChange={(event) => setRemarks(event.target.value)}
        />
      )}
      <div className="alert alert-warning small">{t('deleteAccount.warning')}</div>
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        error={form.fieldError('password')}
        onChange={setPassword}
      />
      <CheckField
        id={`${id}-confirm`}
        className="form-check mb-4"
        label={t('deleteAccount.confirmLabel')}
        checked={confirmed}
        error={form.fieldError('confirm')}
        onChange={(event) => setConfirmed(event.target.checked)}
      />
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between">
        <StayLink />
        <SubmitButton className="btn btn-danger rounded-pill px-4" busy={form.busy}>
          {t('deleteAccount.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
