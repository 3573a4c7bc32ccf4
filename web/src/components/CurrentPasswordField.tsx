import { useTranslation } from 'react-i18next';
import { FormField } from './form';

/**
 * "Huidig wachtwoord": asked before the password, the e-mail address or the account itself is
 * changed, so that a session alone (a shared device, a stolen cookie) is not enough.
 */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  error,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('password.old')}
      type="password"
      autoComplete="current-password"
      required
      className={className}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
