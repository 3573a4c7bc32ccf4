import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword, requestMailChange } from '../../../api/account';
import { formErrors } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { BusyButton } from '../../../components/BusyButton';
import { CurrentPasswordField } from '../../../components/CurrentPasswordField';
import { FormField } from '../../../components/FormField';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { usePageTitle } from '../../../components/usePageTitle';
import { isValidEmail } from '../../auth/signup/validation';

const PASSWORD_FIELDS = ['old_password', 'password', 'password_repeat'] as const;
const EMAIL_FIELDS = ['email', 'password'] as const;

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

/** A titled card; a region named by its title, so equal field labels stay apart. */
function SettingsCard({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className="card border-0 shadow-sm rounded-4 h-100"
      id={id}
      aria-labelledby={headingId}
    >
      <div className="card-body p-4">
        <h2 className="h5 mb-3" id={headingId}>
          {title}
        </h2>
        {children}
      </div>
    </section>
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
  const server = formErrors(mutation.error, PASSWORD_FIELDS, t);

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
      {server.alert && (
        <div className="alert alert-danger" role="alert">
          {server.alert}
        </div>
      )}
      {mutation.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('account.passwordChanged')}
        </div>
      )}
      <CurrentPasswordField
        id={`${id}-old`}
        value={oldPassword}
        error={server.errorFor('old_password')}
        onChange={setOldPassword}
      />
      <NewPasswordFields id={id} state={newPassword} errorFor={server.errorFor} />
      <BusyButton className="btn btn-primary rounded-pill px-4" busy={mutation.isPending}>
        {t('account.passwordSubmit')}
      </BusyButton>
    </form>
  );
}

/**
 * The new address and the current password. The server mails a confirmation link to the new
 * address and a notice with a cancel link to the current one.
 */
function ChangeEmailForm() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  const mutation = useMutation({
    mutationFn: requestMailChange,
    onSuccess: () => {
      setEmail('');
      setPassword('');
    },
  });
  const server = formErrors(mutation.error, EMAIL_FIELDS, t);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = {
      email: isValidEmail(email) ? undefined : t('activation.newEmailInvalid'),
      password: password ? undefined : t('password.currentRequired'),
    };
    setProblems(found);
    if (found.email || found.password) {
      mutation.reset();
      return;
    }
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="text-body-secondary small">{t('account.emailIntro')}</p>
      {server.alert && (
        <div className="alert alert-danger" role="alert">
          {server.alert}
        </div>
      )}
      {mutation.isSuccess && (
        <div className="alert alert-success" role="status">
          <p className="mb-1">
            {t('account.emailSent', { email: mutation.data?.email ?? mutation.variables.email })}
          </p>
          <p className="mb-0 small">{t('account.emailNotice')}</p>
        </div>
      )}
      <FormField
        id={`${id}-email`}
        label={t('account.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={problems.email ?? server.errorFor('email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        error={problems.password ?? server.errorFor('password')}
        onChange={setPassword}
      />
      <BusyButton className="btn btn-primary rounded-pill px-4" busy={mutation.isPending}>
        {t('account.emailSubmit')}
      </BusyButton>
    </form>
  );
}
