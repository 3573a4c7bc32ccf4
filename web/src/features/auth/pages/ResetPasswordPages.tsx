import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { requestPasswordReset, resetPassword } from '../../../api/account';
import { fieldError, serverErrorText } from '../../../api/server-error';
import { FormField } from '../../../components/FormField';
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
        <button
          type="submit"
          className="btn btn-primary rounded-pill w-100 py-2"
          disabled={mutation.isPending}
        >
          {mutation.isPending && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('reset.submit')}
        </button>
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
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
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

  const server = mutation.isError ? fieldError(mutation.error, t) : null;
  const errorFor = (field: string) => (server?.field === field ? server.text : null);
  const repeatError = mismatch ? t('password.mismatch') : errorFor('password_repeat');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (password !== repeat) {
      setMismatch(true);
      mutation.reset();
      return;
    }
    setMismatch(false);
    mutation.mutate({ token, password, password_repeat: repeat });
  };

  return (
    <AuthCard title={t('reset.newTitle')} icon="🔑">
      <p className="text-center text-body-secondary mb-4">{t('reset.newIntro')}</p>
      {server && !server.field && (
        <div className="alert alert-danger" role="alert">
          {server.text}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <FormField
          id={`${id}-password`}
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          error={errorFor('password')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          id={`${id}-repeat`}
          label={t('password.repeat')}
          type="password"
          autoComplete="new-password"
          required
          className="mb-4"
          value={repeat}
          error={repeatError}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary rounded-pill w-100 py-2"
          disabled={mutation.isPending}
        >
          {mutation.isPending && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('reset.save')}
        </button>
      </form>
    </AuthCard>
  );
}
