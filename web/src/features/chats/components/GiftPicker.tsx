import { useTranslation } from 'react-i18next';
import type { Gift } from '@app/contract';
import { Modal } from '../../../components/Modal';
import { useGifts } from '../api/gifts';
import { giftName } from '../model/gift-name';

/** The gift catalogue: each gift with its picture, name and price; a click sends it. */
export function GiftPicker({
  open,
  name,
  onClose,
  onPick,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onPick: (gift: Gift) => void;
}) {
  const { t, i18n } = useTranslation();
  const gifts = useGifts({ enabled: open });
  return (
    <Modal open={open} onClose={onClose} title={t('chat.giftPicker.title', { name })} size="lg">
      {gifts.isPending ? (
        <div className="text-center py-4" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('chat.loading')}</span>
        </div>
      ) : gifts.isError ? (
        <div className="text-center py-3">
          <p className="text-danger small" role="alert">
            {t('chat.giftPicker.error')}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill"
            onClick={() => void gifts.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <ul className="gift-grid list-unstyled mb-0">
          {gifts.data.gifts.map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                className="gift-option btn btn-light w-100 h-100 rounded-4 d-flex flex-column align-items-center gap-1 p-2"
                onClick={() => onPick(gift)}
                data-testid={`gift-${gift.slug}`}
              >
                <img src={gift.image} alt="" width={64} height={64} />
                <span className="fw-semibold small">{giftName(gift, t, i18n.language)}</span>
                <span className="badge rounded-pill text-bg-light gift-option__price">
                  {t('chat.credits', { count: gift.credits })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
