import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { requestPasswordReset, resetPassword } from '../../../api/account';
import { serverErrorText } from '../../../api/server-error';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { ProofOfWork, useProofOfWork } from '../../../components/challenge';

/** /reset-password: ask for a reset link by e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.resetPassword'));
  const id = useId();
  const [email, setEmail] = useState('');
  const pow = useProofOfWork();
  const form = useApiForm({
    mutationFn: async (address: string) => requestPasswordReset(address, await pow.answer()),
    fields: ['email'],
    // a solution is accepted once: the next try solves a new challenge
    onError: pow.renew,
  });
  const { mutation } = form;
  // this page is the app's (no first-visit budget of the public entry): the widget starts with
  // it, so the solution is ready by the time the address is typed
  const { start } = pow;
  useEffect(start, [start]);

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.sentTitle')} icon="📬">
        <p className="text-center text-body-secondary mb-4" role="status">
          {t('reset.sentText', { email: mutation.variables })}
        </p>
        <div className="text-center">
          <Link to="/login" className="btn btn-primary rounded-pill px-4">
            {t('reset.toLogin')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} icon="🔑">
      <p className="text-center text-body-secondary mb-4">{t('reset.intro')}</p>
      <ServerErrorAlert message={form.formError} />
      <form
        ref={form.formRef}
        onSubmit={form.handleSubmit(() => email.trim())}
        // the widget's own checkbox is `required` until solved: the browser's check would hold a
        // submit made while it works, which instead waits for the solution (useProofOfWork)
        noValidate
        onFocusCapture={pow.start}
        onInput={pow.start}
      >
        <FormField
          id={`${id}-email`}
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          required
          className="mb-4"
          value={email}
          error={form.fieldError('email')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <ProofOfWork state={pow} className="mb-4" />
        <SubmitButton className="btn btn-primary rounded-pill w-100 py-2" busy={form.busy}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
      <p className="text-center small mt-4 mb-0">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

/** /reset-password/do?token=...: choose a new password with the mailed link. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.resetPasswordDo'));
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const form = useApiForm({
    mutationFn: resetPassword,
    fields: ['password', 'password_repeat'],
    validate: newPassword.problems,
  });
  const { mutation } = form;

  const linkInvalid =
    !token || (mutation.error instanceof ApiError && mutation.error.code === 'reset_link_invalid');

  if (linkInvalid) {
    return (
      <AuthCard title={t('reset.invalidTitle')} icon="⚠️">
        <ServerErrorAlert
          className="text-center"
          message={token ? serverErrorText(mutation.error, t) : t('errors.reset_link_invalid')}
        />
        <div className="text-center">
          <Link to="/reset-password" className="btn btn-primary rounded-pill px-4">
            {t('reset.requestNew')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('reset.doneTitle')} icon="✅">
        <p className="text-center text-body-secondary mb-4" role="status">
          {t('reset.doneText')}
        </p>
        <div className="text-center">
          <Link to="/login" className="btn btn-primary rounded-pill px-4">
            {t('reset.toLogin')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(() => ({
    token,
    password: newPassword.password,
    password_repeat: newPassword.repeat,
  }));

  return (
    <AuthCard title={t('reset.newTitle')} icon="🔑">
      <p className="text-center text-body-secondary mb-4">{t('reset.newIntro')}</p>
      <ServerErrorAlert message={form.formError} />
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <NewPasswordFields
          id={id}
          state={newPassword}
          errorFor={form.fieldError}
          repeatClassName="mb-4"
        />
        <SubmitButton className="btn btn-primary rounded-pill w-100 py-2" busy={form.busy}>
          {t('reset.save')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
