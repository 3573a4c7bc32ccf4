import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffLoginResponse, StaffMember } from '@app/contract';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../../components/form';
import { staffMeQueryKey } from '../../../shared/api';
import { staffLogin, staffLoginCode } from '../api/sign-in';
import { useAdminTitle } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { RecoveryCodes } from '../components/RecoveryCodes';

/** Where to go once signed in: the console page that asked, else its home (never elsewhere). */
export function afterSignInPath(redirectTo: string | null): string {
  if (!redirectTo) return '/admin';
  try {
    const url = new URL(redirectTo, window.location.origin);
    if (url.origin === window.location.origin && url.pathname.startsWith('/admin')) {
      return url.pathname + url.search;
    }
  } catch {
    // not a URL
  }
  return '/admin';
}

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: StaffLoginResponse }
  | { kind: 'recovery'; staff: StaffMember; codes: string[] };

/**
 * The console's sign-in: e-mail and password; then the authenticator's code (or a recovery
 * code), or at the first sign-in the enrollment of the second factor (a QR code, the key to
 * type, the first code); after enrolling, the recovery codes, shown once.
 */
export function AdminLoginPage() {
  const { t } = useAdminTranslation();
  useAdminTitle(t('auth.title'));
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enter = async (staff: StaffMember) => {
    queryClient.setQueryData(staffMeQueryKey, { staff });
    // and read again: how many recovery codes are left (none: the console asks for new ones)
    void queryClient.invalidateQueries({ queryKey: staffMeQueryKey });
    await navigate(afterSignInPath(params.get('redirect')), { replace: true });
  };
  return (
    <div className="admin-auth__card card border-0 shadow-sm">
      <div className="card-body p-4 p-md-5">
        {step.kind === 'password' && (
          <PasswordStep onDone={(challenge) => setStep({ kind: 'code', challenge })} />
        )}
        {step.kind === 'code' && (
          <CodeStep
            challenge={step.challenge}
            onRestart={() => setStep({ kind: 'password' })}
            onDone={(staff, codes) =>
              codes ? setStep({ kind: 'recovery', staff, codes }) : void enter(staff)
            }
          />
        )}
        {step.kind === 'recovery' && (
          <RecoveryCodes codes={step.codes} onDone={() => void enter(step.staff)} />
        )}
      </div>
    </div>
  );
}

function PasswordStep({ onDone }: { onDone: (challenge: StaffLoginResponse) => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useApiForm({ mutationFn: staffLogin, fields: [], onSuccess: onDone });
  return (
    <>
      <h1 className="h3 mb-2">{t('auth.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.intro')}</p>
      <UnlockNotice />
      <ServerErrorAlert message={form.formError} />
      <form
        ref={form.formRef}
        onSubmit={form.handleSubmit(() => ({ email: email.trim(), password }))}
      >
        <FormField
          id={`${id}-email`}
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          id={`${id}-password`}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          required
          className="mb-4"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton
          className="btn btn-primary w-100 py-2"
          busy={form.busy}
          busyLabel={t('auth.checking')}
        >
          {t('auth.next')}
        </SubmitButton>
      </form>
    </>
  );
}

/** /admin/login?unlocked=1 or 0: where a staff account's account-locked mail leads. */
function UnlockNotice() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const value = params.get('unlocked');
  if (value === '1') {
    return (
      <div className="alert alert-success" role="status">
        {t('auth.unlocked')}
      </div>
    );
  }
  if (value === '0') return <ServerErrorAlert message={t('auth.unlockFailed')} />;
  return null;
}

function CodeStep({
  challenge,
  onRestart,
  onDone,
}: {
  challenge: StaffLoginResponse;
  onRestart: () => void;
  onDone: (staff: StaffMember, recoveryCodes: string[] | null) => void;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const form = useApiForm({
    mutationFn: staffLoginCode,
    fields: ['code'],
    onSuccess: (answer) => onDone(answer.staff, answer.recovery_codes),
  });
  const enroll = challenge.enroll;
  // the password form that had the focus is gone: the code field takes it over
  useEffect(() => document.getElementById(`${id}-code`)?.focus(), [id]);
  return (
    <>
      <h1 className="h3 mb-2">{enroll ? t('auth.enrollTitle') : t('auth.codeTitle')}</h1>
      <p className="text-body-secondary mb-4">
        {enroll ? t('auth.enrollIntro') : t('auth.codeIntro')}
      </p>
      {enroll && (
        <div className="admin-enroll text-center mb-4">
          <img
            className="admin-enroll__qr"
            src={`data:image/svg+xml;base64,${btoa(enroll.qr_svg)}`}
            alt={t('auth.qrAlt')}
            width={200}
            height={200}
          />
          <p className="small text-body-secondary mt-3 mb-1">{t('auth.manualKey')}</p>
          <code className="admin-enroll__key d-inline-block text-break">{enroll.secret}</code>
        </div>
      )}
      <ServerErrorAlert message={form.formError} />
      <form
        ref={form.formRef}
        onSubmit={form.handleSubmit(() => ({ challenge: challenge.challenge, code: code.trim() }))}
      >
        <FormField
          id={`${id}-code`}
          label={t('auth.code')}
          hint={enroll ? undefined : t('auth.codeHint')}
          error={form.fieldError('code')}
          inputMode={enroll ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          required
          maxLength={32}
          className="mb-4"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <SubmitButton
          className="btn btn-primary w-100 py-2"
          busy={form.busy}
          busyLabel={t('auth.signingIn')}
        >
          {t('auth.signIn')}
        </SubmitButton>
      </form>
      <button type="button" className="btn btn-link w-100 mt-2" onClick={onRestart}>
        {t('auth.startOver')}
      </button>
    </>
  );
}
