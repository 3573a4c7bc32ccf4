import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { useIcebreakers } from '../api/icebreakers';

/** Openers for an empty conversation: the chosen one goes into the text box, to edit or send. */
export function IcebreakerModal({
  open,
  name,
  onClose,
  onPick,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  const icebreakers = useIcebreakers({ enabled: open });
  return (
    <Modal open={open} onClose={onClose} title={t('chat.icebreakers.title')}>
      <p className="text-body-secondary small">{t('chat.icebreakers.intro', { name })}</p>
      {icebreakers.isPending ? (
        <div className="text-center py-3" role="status">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('chat.loading')}</span>
        </div>
      ) : icebreakers.isError ? (
        <p className="text-danger small mb-0" role="alert">
          {t('chat.icebreakers.error')}
        </p>
      ) : (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {icebreakers.data.icebreakers.map((key) => (
            <li key={key}>
              <button
                type="button"
                className="icebreaker btn btn-light text-start w-100 rounded-3"
                onClick={() => onPick(t(`chat.openers.${key}`))}
              >
                {t(`chat.openers.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
