import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordHint } from '../../password-rules';
import { FormField } from '../../form';
import type { StepProps } from './step-props';

/**
 * Step 4: the e-mail address and the password. `offerLogin`: the server said this address
 * already has an account, so the login page is offered under the error.
 */
export function AccountStep({
  values,
  set,
  errorFor,
  offerLogin,
}: StepProps & { offerLogin: boolean }) {
  const { t } = useTranslation();
  const emailError = errorFor('email');
  return (
    <>
      <FormField
        name="email"
        type="email"
        label={t('signup.email')}
        autoComplete="email"
        value={values.email}
        error={emailError}
        onChange={(event) => set('email', event.target.value)}
        after={
          emailError &&
          offerLogin && (
            <Link to="/login" className="d-inline-block mt-1 small fw-semibold">
              {t('signup.loginInstead')}
            </Link>
          )
        }
      />
      <FormField
        name="password"
        type="password"
        label={t('signup.password')}
        hint={passwordHint(t)}
        autoComplete="new-password"
        value={values.password}
        error={errorFor('password')}
        onChange={(event) => set('password', event.target.value)}
      />
    </>
  );
}
