import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendActivationMail } from '../api/auth';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { rememberSignupEmail } from '../../../components/signup/signup-email';
import { isValidEmail } from '../../../components/email-rules';

/** Resend the activation mail, or correct the address it goes to. */
export function ActivationMailActions({
  email,
  onSent,
  size,
}: {
  email?: string | null;
  onSent?: (email: string) => void;
  size?: 'sm';
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState(email ?? '');
  /** Where the last mail went, for the notice under the buttons. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm({
    mutationFn: (address?: string) => sendActivationMail(address),
    fields: editing ? ['email'] : [],
    validate: () => ({
      email: !editing || isValidEmail(newEmail) ? null : t('errors.new_email_invalid'),
    }),
    onSuccess: (response, address) => {
      const sent = response?.email ?? address ?? email ?? '';
      rememberSignupEmail(sent);
      setEditing(false);
      setSentTo(sent);
      onSent?.(sent);
    },
  });

  const btn = `btn rounded-pill${size === 'sm' ? ' btn-sm' : ''}`;
  // while correcting, any refusal belongs to the address typed
  const fieldError = editing ? (form.fieldError('email') ?? form.formError) : null;

  return (
    <div className="activation-actions">
      {!editing ? (
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton
            type="button"
            className={`${btn} btn-primary`}
            busy={form.busy}
            onClick={() => {
              setSentTo(null);
              form.submit(() => undefined);
            }}
          >
            {t('activation.resend')}
          </SubmitButton>
          <button
            type="button"
            className={`${btn} btn-outline-secondary`}
            onClick={() => {
              setSentTo(null);
              form.reset();
              setEditing(true);
            }}
          >
            {t('activation.changeEmail')}
          </button>
        </div>
      ) : (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={form.handleSubmit(() => {
            setSentTo(null);
            return newEmail.trim();
          })}
          className="activation-actions__form"
        >
          <FormField
            label={t('activation.newEmail')}
            type="email"
            autoComplete="email"
            className=""
            labelClassName="form-label small fw-semibold"
            controlClassName={size === 'sm' ? 'form-control-sm' : undefined}
            value={newEmail}
            error={fieldError}
            onChange={(event) => setNewEmail(event.target.value)}
            beside={
              <>
                <SubmitButton className={`${btn} btn-primary text-nowrap`} busy={form.busy}>
                  {t('activation.saveAndSend')}
                </SubmitButton>
                <button
                  type="button"
                  className={`${btn} btn-link text-nowrap`}
                  onClick={() => {
                    setEditing(false);
                    form.reset();
                  }}
                >
                  {t('activation.cancel')}
                </button>
              </>
            }
          />
        </form>
      )}
      {sentTo !== null && (
        <p className="small mt-2 mb-0 text-success" role="status">
          {t('activation.sent', { email: sentTo })}
        </p>
      )}
      {!editing && <ServerErrorAlert inline message={form.formError} />}
    </div>
  );
}
