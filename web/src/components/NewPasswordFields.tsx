import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
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
  /** Set by the first submit: from then on the messages follow what the member types. */
  const [checked, setChecked] = useState(false);
  const problem = passwordProblemText(password, identity, t);
  const mismatch = password !== repeat;
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    /** The rule the new password breaks, once the form has been submitted. */
    problem: checked ? problem : null,
    mismatch: checked && mismatch,
    /** True when the new password keeps the rules and both are the same; else the messages show. */
    confirm(): boolean {
      setChecked(true);
      return !problem && !mismatch;
    },
    clear(): void {
      setPassword('');
      setRepeat('');
      setChecked(false);
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/**
 * "Nieuw wachtwoord" with the rule as its hint, and "Herhaal nieuw wachtwoord". The form's own
 * check comes first; the server's errors for these fields show otherwise.
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
        error={state.problem ?? errorFor('password')}
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
        error={state.mismatch ? t('password.mismatch') : errorFor('password_repeat')}
        onChange={(event) => state.setRepeat(event.target.value)}
      />
    </>
  );
}
