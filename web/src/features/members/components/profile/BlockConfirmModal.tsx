import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/Modal';
import { ServerErrorAlert } from '../../../../components/form';

interface BlockConfirmModalProps {
  open: boolean;
  /** The member's profile name. */
  name: string;
  /** true: asks to block; false: asks to unblock (SPEC: deleting a block needs confirmation). */
  block: boolean;
  busy: boolean;
  /** The server's refusal, shown in the modal. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before blocking or unblocking a member, and says what it means for both. */
export function BlockConfirmModal({
  open,
  name,
  block,
  busy,
  error,
  onConfirm,
  onClose,
}: BlockConfirmModalProps) {
  const { t } = useTranslation();
  const kind = block ? 'block' : 'unblock';
  return (
    <Modal
      open={open}
      title={t(`memberProfile.${kind}Title`, { name })}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <button
            type="button"
            className="btn btn-light rounded-pill px-4"
            onClick={onClose}
            disabled={busy}
          >
            {t('memberProfile.cancel')}
          </button>
          <button
            type="button"
            className={`btn rounded-pill px-4 ${block ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t(`memberProfile.${kind}Confirm`)}
          </button>
        </>
      }
    >
      <div className="d-flex gap-3 align-items-start">
        <span className="block-confirm__icon" aria-hidden="true">
          {block ? '🚫' : '🤝'}
        </span>
        <p className="mb-0">{t(`memberProfile.${kind}Text`, { name })}</p>
      </div>
      <ServerErrorAlert message={error} className="mt-3 mb-0" />
    </Modal>
  );
}
