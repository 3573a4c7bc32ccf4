import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/BusyButton';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { login } from '../../../api/auth';
import { userQueryKey } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../components/AuthCard';
import { SignupLink } from '../signup/SignupLink';

/**
 * Where to go after login: the page that asked for it, else the members. The value is resolved
 * the way the browser would resolve it (tabs and newlines dropped, backslashes read as slashes),
 * and only an address on this site counts, so `/\t/evil.example` cannot lead elsewhere.
 */
export function afterLoginPath(
  redirectTo: string | null,
  origin: string = window.location.origin,
): string {
  if (!redirectTo) return '/members';
  try {
    const url = new URL(redirectTo, origin);
    if (url.origin === origin) return url.pathname + url.search + url.hash;
  } catch {
    // not a URL at all
  }
  return '/members';
}

/** Fallback block time when the server's message is missing (it sends its own). */
const LOGIN_BLOCK_MINUTES = 15;

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.login'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (response?.user) queryClient.setQueryData(userQueryKey, { user: response.user });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await navigate(afterLoginPath(params.get('redirect')));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard title={t('login.title')} icon="🔐">
      <p className="text-center text-body-secondary mb-4">{t('login.intro')}</p>
      {mutation.isError ? (
        <div className="alert alert-danger" role="alert">
          {loginErrorText(mutation.error, t)}
        </div>
      ) : (
        <UnlockNotice value={params.get('unlocked')} />
      )}
      <form onSubmit={onSubmit}>
        <div className="mb-3">
          <label htmlFor={`${id}-email`} className="form-label fw-semibold">
            {t('login.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className="form-control"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="mb-2">
          <label htmlFor={`${id}-password`} className="form-label fw-semibold">
            {t('login.password')}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            className="form-control"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <p className="text-end small mb-4">
          <Link to="/reset-password">{t('login.forgot')}</Link>
        </p>
        <BusyButton className="btn btn-primary rounded-pill w-100 py-2" busy={mutation.isPending}>
          {mutation.isPending ? t('login.busy') : t('login.submit')}
        </BusyButton>
      </form>
      <p className="text-center small mt-4 mb-0">
        {t('login.noAccount')} <SignupLink>{t('login.signup')}</SignupLink>
      </p>
    </AuthCard>
  );
}

/** /login?unlocked=1 or 0: where the link of the account-locked mail leads. */
function UnlockNotice({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (value === '1') {
    return (
      <div className="alert alert-success" role="status">
        {t('login.unlocked')}
      </div>
    );
  }
  if (value === '0') {
    return (
      <div className="alert alert-danger" role="alert">
        {t('login.unlockFailed')}
      </div>
    );
  }
  return null;
}

function loginErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'login_failed') return error.message || t('login.failed');
    if (error.code === 'login_blocked')
      return error.message || t('login.blocked', { minutes: LOGIN_BLOCK_MINUTES });
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return t('errors.genericLater');
}
