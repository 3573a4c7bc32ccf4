import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword, requestMailChange } from '../../../api/account';
import { fieldError } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { BusyButton } from '../../../components/BusyButton';
import { FormField } from '../../../components/FormField';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { usePageTitle } from '../../../components/usePageTitle';
import { isValidEmail } from '../../auth/signup/validation';

/** The account settings ("Instellingen"): password, e-mail address, deleting the account. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const { user, isPending } = useUser();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <section className="container py-4 py-md-5 account-settings">
      <h1 className="h3 mb-4">{t('account.title')}</h1>
      <div className="row g-4">
        <div className="col-12 col-lg-6">
          <SettingsCard title={t('account.passwordTitle')}>
            <ChangePasswordForm profileName={user.profile?.name} />
          </SettingsCard>
        </div>
        <div className="col-12 col-lg-6">
          <SettingsCard title={t('account.emailTitle')} id="email">
            <ChangeEmailForm />
          </SettingsCard>
        </div>
        <div className="col-12">
          <SettingsCard title={t('account.deleteTitle')}>
            <p className="text-body-secondary">{t('account.deleteText')}</p>
            <Link to="/account/delete" className="btn btn-outline-danger rounded-pill px-4">
              {t('account.deleteLink')}
            </Link>
          </SettingsCard>
        </div>
      </div>
    </section>
  );
}

function SettingsCard({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <div className="card border-0 shadow-sm rounded-4 h-100" id={id}>
      <div className="card-body p-4">
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** `profileName`: the new password may not contain it (the server also checks the e-mail). */
function ChangePasswordForm({ profileName }: { profileName?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword({ name: profileName });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setOldPassword('');
      newPassword.clear();
    },
  });
  const server = mutation.isError ? fieldError(mutation.error, t) : null;
  const errorFor = (field: string) => (server?.field === field ? server.text : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!newPassword.confirm()) {
      mutation.reset();
      return;
    }
    mutation.mutate({
      old_password: oldPassword,
      password: newPassword.password,
      password_repeat: newPassword.repeat,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {server && !server.field && (
        <div className="alert alert-danger" role="alert">
          {server.text}
        </div>
      )}
      {mutation.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('account.passwordChanged')}
        </div>
      )}
      <FormField
        id={`${id}-old`}
        label={t('password.old')}
        type="password"
        autoComplete="current-password"
        required
        value={oldPassword}
        error={errorFor('old_password')}
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <NewPasswordFields id={id} state={newPassword} errorFor={errorFor} />
      <BusyButton className="btn btn-primary rounded-pill px-4" busy={mutation.isPending}>
        {t('account.passwordSubmit')}
      </BusyButton>
    </form>
  );
}

function ChangeEmailForm() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const mutation = useMutation({ mutationFn: requestMailChange });
  const server = mutation.isError ? fieldError(mutation.error, t) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!isValidEmail(email)) {
      setInvalid(true);
      mutation.reset();
      return;
    }
    setInvalid(false);
    mutation.mutate(email.trim());
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="text-body-secondary small">{t('account.emailIntro')}</p>
      {mutation.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('account.emailSent', { email: mutation.data?.email ?? mutation.variables })}
        </div>
      )}
      <FormField
        id={`${id}-email`}
        label={t('account.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={invalid ? t('activation.newEmailInvalid') : (server?.text ?? null)}
        onChange={(event) => setEmail(event.target.value)}
      />
      <BusyButton className="btn btn-primary rounded-pill px-4" busy={mutation.isPending}>
        {t('account.emailSubmit')}
      </BusyButton>
    </form>
  );
}
