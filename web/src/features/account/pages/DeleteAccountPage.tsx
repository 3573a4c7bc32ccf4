import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/BusyButton';
import { CurrentPasswordField } from '../../../components/CurrentPasswordField';
import { DELETE_REASONS, deleteAccount, type DeleteReason } from '../../../api/account';
import { useCompanyInfo } from '../../../api/companyinfo';
import { formErrors } from '../../../api/server-error';
import { userQueryKey, useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../auth/components/AuthCard';

/** /account/delete: the alternatives first, then reason and explicit confirmation. */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('deleteAccount.title'));
  const { user, isPending } = useUser();
  const [step, setStep] = useState<'alternatives' | 'reason'>('alternatives');
  const [leaving, setLeaving] = useState(false);
  if (isPending) return null;
  if (!user && !leaving) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('deleteAccount.title')} icon="🗑️" wide>
      {step === 'alternatives' ? (
        <Alternatives onContinue={() => setStep('reason')} />
      ) : (
        <ReasonForm onDeleted={() => setLeaving(true)} />
      )}
    </AuthCard>
  );
}

function Alternatives({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation();
  const { data: company } = useCompanyInfo();
  const discount = company?.delete_discount;
  return (
    <>
      <p className="text-center text-body-secondary mb-4">{t('deleteAccount.alternativesIntro')}</p>
      <ul className="list-unstyled d-grid gap-3 mb-4">
        <li className="bg-body-tertiary rounded-3 p-3">
          <p className="fw-semibold mb-1">{t('deleteAccount.altEmailTitle')}</p>
          <p className="small text-body-secondary mb-2">{t('deleteAccount.altEmailText')}</p>
          <Link to="/notifications#email" className="small fw-semibold">
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
        {discount !== null && discount !== undefined && discount !== '' && (
          <li className="bg-body-tertiary rounded-3 p-3">
            <p className="fw-semibold mb-1">{t('deleteAccount.altDiscountTitle')}</p>
            <p className="small text-body-secondary mb-0">
              {t('deleteAccount.altDiscountText')}{' '}
              <code className="fs-6 fw-bold">{String(discount)}</code>
            </p>
          </li>
        )}
      </ul>
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between">
        <Link to="/members" className="btn btn-primary rounded-pill px-4">
          {t('deleteAccount.stay')}
        </Link>
        <button
          type="button"
          className="btn btn-outline-danger rounded-pill px-4"
          onClick={onContinue}
        >
          {t('deleteAccount.continue')}
        </button>
      </div>
    </>
  );
}

function ReasonForm({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<DeleteReason | null>(null);
  const [remarks, setRemarks] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<'reason' | 'password' | 'confirm' | null>(null);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (response) => {
      onDeleted();
      await navigate('/account-deleted', { state: { purgeAt: response?.purge_at } });
      // the session has ended on the server
      queryClient.setQueryData(userQueryKey, { user: null });
    },
  });
  const server = formErrors(mutation.error, ['password'], t);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.reset();
    if (!reason) return setProblem('reason');
    if (!password) return setProblem('password');
    if (!confirmed) return setProblem('confirm');
    setProblem(null);
    const body =
      reason === 'other' && remarks.trim()
        ? { confirm: true as const, reason, remarks: remarks.trim(), password }
        : { confirm: true as const, reason, password };
    mutation.mutate(body);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {server.alert && (
        <div className="alert alert-danger" role="alert">
          {server.alert}
        </div>
      )}
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">{t('deleteAccount.reasonLegend')}</legend>
        {DELETE_REASONS.map((value) => (
          <div className="form-check" key={value}>
            <input
              className={`form-check-input${problem === 'reason' ? ' is-invalid' : ''}`}
              type="radio"
              name={`${id}-reason`}
              id={`${id}-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                if (problem === 'reason') setProblem(null);
              }}
            />
            <label className="form-check-label" htmlFor={`${id}-${value}`}>
              {t(`deleteAccount.reasons.${value}`)}
            </label>
          </div>
        ))}
        {problem === 'reason' && (
          <div className="invalid-feedback d-block" role="alert">
            {t('deleteAccount.reasonRequired')}
          </div>
        )}
      </fieldset>
      {reason === 'other' && (
        <div className="mb-3">
          <label htmlFor={`${id}-remarks`} className="form-label fw-semibold">
            {t('deleteAccount.remarks')}
          </label>
          <textarea
            id={`${id}-remarks`}
            className="form-control"
            rows={3}
            maxLength={1000}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </div>
      )}
      <div className="alert alert-warning small">{t('deleteAccount.warning')}</div>
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        error={problem === 'password' ? t('password.currentRequired') : server.errorFor('password')}
        onChange={(value) => {
          setPassword(value);
          if (problem === 'password') setProblem(null);
        }}
      />
      <div className="form-check mb-4">
        <input
          className={`form-check-input${problem === 'confirm' ? ' is-invalid' : ''}`}
          type="checkbox"
          id={`${id}-confirm`}
          checked={confirmed}
          onChange={(event) => {
            setConfirmed(event.target.checked);
            if (problem === 'confirm') setProblem(null);
          }}
        />
        <label className="form-check-label" htmlFor={`${id}-confirm`}>
          {t('deleteAccount.confirmLabel')}
        </label>
        {problem === 'confirm' && (
          <div className="invalid-feedback d-block" role="alert">
            {t('deleteAccount.confirmRequired')}
          </div>
        )}
      </div>
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between">
        <Link to="/members" className="btn btn-primary rounded-pill px-4">
          {t('deleteAccount.stay')}
        </Link>
        <BusyButton className="btn btn-danger rounded-pill px-4" busy={mutation.isPending}>
          {t('deleteAccount.submit')}
        </BusyButton>
      </div>
    </form>
  );
}
