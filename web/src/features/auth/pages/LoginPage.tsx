import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { login } from '../api/auth';
import { ApiError, BANNED_PATH } from '../../../api/client';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { userQueryKey } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { SignupLink } from '../../../components/signup/SignupLink';
import { afterLoginPath, goAfterLogin } from '../../../components/return-path';
import { ProofOfWork, useProofOfWork } from '../../../components/challenge';
import type { LoginRequest } from '@app/contract';

/** The answers after which the next try carries a proof of work (each solution once). */
const CHALLENGE_CODES = new Set(['login_failed', 'challenge_required', 'challenge_invalid']);

const isChallengeRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'challenge_required';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.login'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  /** Whether the tries carry the proof of work: after a wrong password or when asked for it. */
  const [challenged, setChallenged] = useState(false);
  const challengedNow = useRef(false);
  const pow = useProofOfWork();
  const challenge = () => {
    challengedNow.current = true;
    setChallenged(true);
    pow.start();
  };
  // the server answers both fields with one message (login_failed): it never names a field
  const form = useApiForm({
    mutationFn: async (body: LoginRequest) => {
      const carried = challengedNow.current;
      try {
        return await login(carried ? { ...body, altcha: await pow.answer() } : body);
      } catch (error) {
        // after a few wrong passwords (of this account, or from this address: another browser
        // may have typed them) the server asks for the proof of work. The widget appears,
        // solves it, and the same login goes again by itself: one press of the button
        if (carried || !isChallengeRequired(error)) throw error;
        challenge();
        return login({ ...body, altcha: await pow.answer() });
      }
    },
    fields: [],
    onSuccess: async (response) => {
      if (response?.user) queryClient.setQueryData(userQueryKey, { user: response.user });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      // back where the member was going: a page of the app, or a mailed link the server answers
      goAfterLogin(afterLoginPath(params.get('redirect')), navigate);
    },
    onError: (error) => {
      // staff banned the account (only the right password learns it): the ban page says so
      if (error instanceof ApiError && error.code === 'account_banned') void navigate(BANNED_PATH);
      // a solution counts once: the widget solves a new one for the next try at once
      if (challengedNow.current) pow.renew();
      // after a wrong password the next try may be asked for the proof of work: from now on the
      // widget works in the background, so the next try carries a solution
      if (error instanceof ApiError && CHALLENGE_CODES.has(error.code)) challenge();
    },
  });

  return (
    <AuthCard title={t('login.title')} icon="🔐">
      <p className="text-center text-body-secondary mb-4">{t('login.intro')}</p>
      {form.formError ? (
        <ServerErrorAlert message={form.formError} />
      ) : (
        <UnlockNotice value={params.get('unlocked')} />
      )}
      {/* post: a browser that sends the form itself (no scripts) never puts the password into the
          address (the page may come rendered by the server: web/src/public) */}
      <form
        ref={form.formRef}
        method="post"
        onSubmit={form.handleSubmit(() => ({ email: email.trim(), password }))}
      >
        <FormField
          id={`${id}-email`}
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          id={`${id}-password`}
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          className="mb-2"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="text-end small mb-4">
          <Link to="/reset-password">{t('login.forgot')}</Link>
        </p>
        {challenged && <ProofOfWork state={pow} className="mb-4" />}
        <SubmitButton
          className="btn btn-primary rounded-pill w-100 py-2"
          busy={form.busy}
          busyLabel={t('login.busy')}
        >
          {t('login.submit')}
        </SubmitButton>
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
  if (value === '0') return <ServerErrorAlert message={t('login.unlockFailed')} />;
  return null;
}
