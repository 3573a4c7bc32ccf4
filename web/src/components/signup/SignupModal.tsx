import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../Modal';
import { SignupForm } from './SignupForm';

/** The signup modal (desktop). Locked while the signup request runs. */
export function SignupModal({
  open,
  onClose,
  onComplete,
}: {
  open: boolean;
  onClose: () => void;
  onComplete?: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title={t('signup.title')} onClose={onClose} dismissible={!busy} size="lg">
      <p className="text-body-secondary small mb-3">{t('signup.intro')}</p>
      <SignupForm onBusyChange={setBusy} onComplete={onComplete} />
    </Modal>
  );
}
