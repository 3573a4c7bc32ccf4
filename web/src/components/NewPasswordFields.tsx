import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

/** A new password and its repetition, as the reset and the change-password forms ask them. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    repeat,
    mismatch,
    setPassword,
    setRepeat,
    /** True when both are the same; otherwise the mismatch message shows. */
    confirm(): boolean {
      const same = password === repeat;
      setMismatch(!same);
      return same;
    },
    clear(): void {
      setPassword('');
      setRepeat('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** "Nieuw wachtwoord" and "Herhaal nieuw wachtwoord", with the server's errors for them. */
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
        error={state.mismatch ? t('password.mismatch') : errorFor('password_repeat')}
        onChange={(event) => state.setRepeat(event.target.value)}
      />
    </>
  );
}
