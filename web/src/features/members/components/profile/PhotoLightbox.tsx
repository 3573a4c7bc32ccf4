import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/Modal';
import type { UnlockedPhoto } from './PhotoGallery';

/**
 * One photo at full size, with previous / next (buttons and the arrow keys; round the end) and
 * a report link for the photo shown.
 */
export function PhotoLightbox({
  photos,
  index,
  member,
  onIndex,
  onClose,
}: {
  photos: UnlockedPhoto[];
  /** The photo shown; null: closed. */
  index: number | null;
  member: { id: number; name: string };
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[current];
  const total = photos.length;
  const several = total > 1;

  useEffect(() => {
    if (!open || !several) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndex((current - 1 + total) % total);
      if (event.key === 'ArrowRight') onIndex((current + 1) % total);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, several, current, total, onIndex]);

  if (!open || !photo) return null;
  const number = current + 1;
  return (
    <Modal
      open
      size="lg"
      title={t('memberProfile.lightboxTitle', { name: member.name, number, total })}
      onClose={onClose}
      footer={
        <div className="d-flex w-100 justify-content-between align-items-center gap-2">
          <span className="small text-body-secondary" aria-live="polite">
            {t('memberProfile.lightboxPosition', { number, total })}
          </span>
          <Link
            to={`/complaints?about=photo&member=${member.id}&photo=${photo.id}`}
            className="btn btn-sm btn-link text-body-secondary"
          >
            <span aria-hidden="true">🚩 </span>
            {t('memberProfile.reportPhoto')}
          </Link>
        </div>
      }
    >
      <div className="member-lightbox">
        <img
          key={photo.id}
          className="member-lightbox__photo"
          src={photo.full_url}
          width={photo.width}
          height={photo.height}
          alt={t('memberProfile.photoNumbered', { number, name: member.name })}
        />
        {several && (
          <>
            <button
              type="button"
              className="member-lightbox__nav member-lightbox__nav--prev"
              onClick={() => onIndex((current - 1 + total) % total)}
              aria-label={t('memberProfile.previousPhoto')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="member-lightbox__nav member-lightbox__nav--next"
              onClick={() => onIndex((current + 1) % total)}
              aria-label={t('memberProfile.nextPhoto')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
