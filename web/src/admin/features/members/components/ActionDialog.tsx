import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../../api/client';
import { Modal } from '../../../../components/Modal';
import { useAdminTranslation } from '../../../shared/i18n';

/**
 * One action on a member as a dialog: its fields, a submit button, the server's refusal shown
 * in the dialog (a field's next to nothing else: the message says it), and busy while it runs.
 */
export function ActionDialog({
  title,
  intro,
  submitLabel,
  danger = false,
  canSubmit,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  danger?: boolean;
  canSubmit: boolean;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (caught) {
      setError(
        caught instanceof ApiError || caught instanceof Error
          ? caught.message
          : t('app.error.title'),
      );
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={onClose}
            disabled={busy}
          >
            {t('members.actions.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy || !canSubmit}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <p>{intro}</p>
        {children}
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </form>
    </Modal>
  );
}

/** The reason every action asks for (3-500 characters; it goes into the audit log). */
export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  return (
    <div>
      <label className="form-label fw-semibold" htmlFor={id}>
        {t('members.actions.reason')}
      </label>
      <textarea
        id={id}
        className="form-control"
        rows={2}
        maxLength={500}
        required
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={`${id}-hint`} className="form-text">
        {t('members.actions.reasonHint')}
      </div>
    </div>
  );
}

export const reasonOk = (reason: string) => reason.trim().length >= 3;
