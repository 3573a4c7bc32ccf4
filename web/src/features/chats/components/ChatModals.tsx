import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';

/**
 * Sending needs more credits than the member has: the way to buy them (SPEC point 2). `gift`:
 * what was refused is a gift (no typed message waits for it).
 */
export function InsufficientCreditsModal({
  open,
  onClose,
  needed,
  balance,
  gift = false,
}: {
  open: boolean;
  onClose: () => void;
  needed?: number;
  balance?: number;
  gift?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.creditsModal.title')}
      footer={
        <>
          <button type="button" className="btn btn-light rounded-pill" onClick={onClose}>
            {t('chat.later')}
          </button>
          <Link to="/credits" className="btn btn-primary rounded-pill px-4" onClick={onClose}>
            {t('chat.creditsModal.buy')}
          </Link>
        </>
      }
    >
      <div className="text-center">
        <div className="chat-modal__icon mb-3" aria-hidden="true">
          🪙
        </div>
        <p className="mb-2">
          {gift ? t('chat.creditsModal.giftText') : t('chat.creditsModal.text')}
        </p>
        {needed !== undefined && balance !== undefined && (
          <p className="small text-body-secondary mb-0">
            {t('chat.creditsModal.balance', {
              needed: t('chat.credits', { count: needed }),
              balance: t('chat.credits', { count: balance }),
            })}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** A free member's third conversation: premium members start as many as they like. */
export function PremiumOnlyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.premiumModal.title')}
      footer={
        <>
          <button type="button" className="btn btn-light rounded-pill" onClick={onClose}>
            {t('chat.later')}
          </button>
          <Link
            to="/premium"
            className="btn btn-warning rounded-pill px-4 fw-semibold"
            onClick={onClose}
          >
            ⭐ {t('chat.premiumModal.buy')}
          </Link>
        </>
      }
    >
      <div className="text-center">
        <div className="chat-modal__icon mb-3" aria-hidden="true">
          ⭐
        </div>
        <p className="mb-2">{t('chat.premiumModal.text')}</p>
        <p className="small text-body-secondary mb-0">{t('chat.premiumModal.benefits')}</p>
      </div>
    </Modal>
  );
}
