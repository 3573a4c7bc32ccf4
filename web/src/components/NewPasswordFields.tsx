import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FieldProblems } from './form';
import { passwordHint, passwordProblemText, type PasswordIdentity } from './password-rules';

/**
 * A new password and its repetition, as the reset and the change-password forms ask them.
 * `identity` is what the password may not contain (the e-mail address, the profile name), as far
 * as the form knows it.
 */
export function useNewPassword(identity: PasswordIdentity = {}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    /** The rule the new password breaks and a differing repetition: for useApiForm's validate. */
    problems(): FieldProblems {
      return {
        password: passwordProblemText(password, identity, t),
        password_repeat: password !== repeat ? t('errors.passwords_mismatch') : null,
      };
    },
    clear(): void {
      setPassword('');
      setRepeat('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/**
 * "Nieuw wachtwoord" with the rule as its hint, and "Herhaal nieuw wachtwoord", with the form's
 * errors for `password` and `password_repeat` (its own checks first, then the server's).
 */
export function NewPasswordFields({
  id,
  state,
  errorFor,
  repeatClassName,
}: {
  id: string;
  state: NewPassword;
  errorFor: (field: string) => string | null;
  repeatClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        id={`${id}-new`}
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        required
        hint={passwordHint(t)}
        value={state.password}
        error={errorFor('password')}
        onChange={(event) => state.setPassword(event.target.value)}
      />
      <FormField
        id={`${id}-repeat`}
        label={t('password.repeat')}
        type="password"
        autoComplete="new-password"
        required
        className={repeatClassName}
        value={state.repeat}
        error={errorFor('password_repeat')}
        onChange={(event) => state.setRepeat(event.target.value)}
      />
    </>
  );
}
