import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { sendActivationMail } from '../../../api/auth';
import { rememberSignupEmail } from '../signup-email';
import { isValidEmail } from '../signup/validation';

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
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState(email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (address?: string) => sendActivationMail(address),
    onSuccess: (response, address) => {
      const sentTo = response?.email ?? address ?? email ?? '';
      rememberSignupEmail(sentTo);
      setEditing(false);
      setNotice({ ok: true, text: t('activation.sent', { email: sentTo }) });
      onSent?.(sentTo);
    },
    onError: (error) => {
      const text =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericLater');
      if (editing) setFieldError(text);
      else setNotice({ ok: false, text });
    },
  });

  const btn = `btn rounded-pill${size === 'sm' ? ' btn-sm' : ''}`;

  const onCorrect = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(newEmail)) {
      setFieldError(t('activation.newEmailInvalid'));
      return;
    }
    setFieldError(null);
    setNotice(null);
    mutation.mutate(newEmail.trim());
  };

  return (
    <div className="activation-actions">
      {!editing ? (
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className={`${btn} btn-primary`}
            disabled={mutation.isPending}
            onClick={() => {
              setNotice(null);
              mutation.mutate(undefined);
            }}
          >
            {mutation.isPending && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('activation.resend')}
          </button>
          <button
            type="button"
            className={`${btn} btn-outline-secondary`}
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            {t('activation.changeEmail')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={onCorrect} className="activation-actions__form">
          <label htmlFor={id} className="form-label small fw-semibold">
            {t('activation.newEmail')}
          </label>
          <div className="d-flex flex-column flex-sm-row gap-2">
            <input
              id={id}
              type="email"
              autoComplete="email"
              className={`form-control${fieldError ? ' is-invalid' : ''}${size === 'sm' ? ' form-control-sm' : ''}`}
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
            />
            <button
              type="submit"
              className={`${btn} btn-primary text-nowrap`}
              disabled={mutation.isPending}
            >
              {mutation.isPending && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('activation.saveAndSend')}
            </button>
            <button
              type="button"
              className={`${btn} btn-link text-nowrap`}
              onClick={() => {
                setEditing(false);
                setFieldError(null);
              }}
            >
              {t('activation.cancel')}
            </button>
          </div>
          {fieldError && (
            <div id={`${id}-error`} className="invalid-feedback d-block">
              {fieldError}
            </div>
          )}
        </form>
      )}
      {notice && (
        <p
          className={`small mt-2 mb-0 ${notice.ok ? 'text-success' : 'text-danger'}`}
          role={notice.ok ? 'status' : 'alert'}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}
