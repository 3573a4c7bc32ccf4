import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { requestPasswordReset, resetPassword } from '../../../api/account';
import { formErrors, serverErrorText } from '../../../api/server-error';
import { BusyButton } from '../../../components/BusyButton';
import { FormField } from '../../../components/FormField';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../components/AuthCard';

/** /reset-password: ask for a reset link by e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.resetPassword'));
  const id = useId();
  const [email, setEmail] = useState('');
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(email.trim());
  };

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
      {mutation.isError && (
        <div className="alert alert-danger" role="alert">
          {serverErrorText(mutation.error, t)}
        </div>
      )}
      <form onSubmit={onSubmit}>
        <FormField
          id={`${id}-email`}
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          required
          className="mb-4"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <BusyButton className="btn btn-primary rounded-pill w-100 py-2" busy={mutation.isPending}>
          {t('reset.submit')}
        </BusyButton>
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
  const mutation = useMutation({ mutationFn: resetPassword });

  const linkInvalid =
    !token || (mutation.error instanceof ApiError && mutation.error.code === 'reset_link_invalid');

  if (linkInvalid) {
    return (
      <AuthCard title={t('reset.invalidTitle')} icon="⚠️">
        <div className="alert alert-danger text-center" role="alert">
          {mutation.error instanceof ApiError && mutation.error.message
            ? mutation.error.message
            : t('reset.linkInvalid')}
        </div>
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

  const server = formErrors(mutation.error, ['password', 'password_repeat'], t);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!newPassword.confirm()) {
      mutation.reset();
      return;
    }
    mutation.mutate({
      token,
      password: newPassword.password,
      password_repeat: newPassword.repeat,
    });
  };

  return (
    <AuthCard title={t('reset.newTitle')} icon="🔑">
      <p className="text-center text-body-secondary mb-4">{t('reset.newIntro')}</p>
      {server.alert && (
        <div className="alert alert-danger" role="alert">
          {server.alert}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <NewPasswordFields
          id={id}
          state={newPassword}
          errorFor={server.errorFor}
          repeatClassName="mb-4"
        />
        <BusyButton className="btn btn-primary rounded-pill w-100 py-2" busy={mutation.isPending}>
          {t('reset.save')}
        </BusyButton>
      </form>
    </AuthCard>
  );
}
