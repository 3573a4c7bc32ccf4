import { useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changePassword, requestMailChange } from '../../../api/account';
import { useUser } from '../../../api/user';
import { CurrentPasswordField } from '../../../components/CurrentPasswordField';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { NewPasswordFields, useNewPassword } from '../../../components/NewPasswordFields';
import { SettingsCard } from '../../../components/SettingsCard';
import { usePageTitle } from '../../../components/usePageTitle';
import { isValidEmail } from '../../../components/email-rules';
import { BlockedMembers } from '../../blocks';
import { PartnerSharingSection } from '../../consent';
import { BrowseUnseenSection } from '../../visitors';
import { DataExportSection } from '../components/DataExportSection';
import { MemberSessions } from '../components/MemberSessions';

const PASSWORD_FIELDS = ['old_password', 'password', 'password_repeat'] as const;
const EMAIL_FIELDS = ['email', 'password'] as const;

/**
 * The account settings ("Instellingen", /account, from the account menu): password, e-mail
 * address, blocked members, browsing unseen (premium), where the member is logged in, deleting
 * the account.
 */
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
          <SettingsCard title={t('account.passwordTitle')} id="password">
            <ChangePasswordForm profileName={user.profile?.name} />
          </SettingsCard>
        </div>
        <div className="col-12 col-lg-6">
          <SettingsCard title={t('account.emailTitle')} id="email">
            <ChangeEmailForm />
          </SettingsCard>
        </div>
        <div className="col-12">
          <BlockedMembers />
        </div>
        <PartnerSharingSection />
        <BrowseUnseenSection />
        <DataExportSection />
        <div className="col-12">
          <MemberSessions />
        </div>
        <div className="col-12">
          <SettingsCard title={t('account.deleteTitle')} id="delete">
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

/** `profileName`: the new password may not contain it (the server also checks the e-mail). */
function ChangePasswordForm({ profileName }: { profileName?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword({ name: profileName });
  const form = useApiForm({
    mutationFn: changePassword,
    fields: PASSWORD_FIELDS,
    validate: newPassword.problems,
    onSuccess: () => {
      setOldPassword('');
      newPassword.clear();
    },
  });
  const onSubmit = form.handleSubmit(() => ({
    old_password: oldPassword,
    password: newPassword.password,
    password_repeat: newPassword.repeat,
  }));

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate>
      <ServerErrorAlert message={form.formError} />
      {form.mutation.isSuccess && (
        <div className="alert alert-success" role="status">
          {t('account.passwordChanged')}
        </div>
      )}
      <CurrentPasswordField
        id={`${id}-old`}
        value={oldPassword}
        error={form.fieldError('old_password')}
        onChange={setOldPassword}
      />
      <NewPasswordFields id={id} state={newPassword} errorFor={form.fieldError} />
      <SubmitButton className="btn btn-primary rounded-pill px-4" busy={form.busy}>
        {t('account.passwordSubmit')}
      </SubmitButton>
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
  const form = useApiForm({
    mutationFn: requestMailChange,
    fields: EMAIL_FIELDS,
    validate: () => ({
      email: isValidEmail(email) ? null : t('errors.new_email_invalid'),
      password: password ? null : t('password.currentRequired'),
    }),
    onSuccess: () => {
      setEmail('');
      setPassword('');
    },
  });
  const { mutation } = form;

  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit(() => ({ email: email.trim(), password }))}
      noValidate
    >
      <p className="text-body-secondary small">{t('account.emailIntro')}</p>
      <ServerErrorAlert message={form.formError} />
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
        error={form.fieldError('email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      <CurrentPasswordField
        id={`${id}-password`}
        value={password}
        error={form.fieldError('password')}
        onChange={setPassword}
      />
      <SubmitButton className="btn btn-primary rounded-pill px-4" busy={form.busy}>
        {t('account.emailSubmit')}
      </SubmitButton>
    </form>
  );
}
