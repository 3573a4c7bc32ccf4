import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberPhoto, MemberProfile } from '@app/contract';
import { LockIcon } from '../../../../components/member/LockIcon';
import { LoginRequiredLinks } from './LoginRequired';

export type UnlockedPhoto = Extract<MemberPhoto, { locked: false }>;

/** The photos this viewer may open in the lightbox, in gallery order. */
export function unlockedPhotos(photos: MemberPhoto[]): UnlockedPhoto[] {
  return photos.filter((photo): photo is UnlockedPhoto => !photo.locked);
}

/**
 * The gallery as the server gives it to this viewer: photos they may see as thumbnails that
 * open the lightbox, the others as blurred thumbnails under a lock, with the way to see them
 * (premium for members, an account for visitors).
 */
export function PhotoGallery({
  profile,
  visitor,
  onOpen,
}: {
  profile: MemberProfile;
  visitor: boolean;
  /** Opens the lightbox at this photo (an index into unlockedPhotos). */
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { name, photos } = profile;
  const lockedCount = photos.filter((photo) => photo.locked).length;
  let unlockedIndex = 0;

  if (photos.length === 0) {
    return (
      <div className="member-gallery__empty text-center py-4">
        <div className="fs-1 mb-2" aria-hidden="true">
          📷
        </div>
        <p className="text-body-secondary mb-0">{t('memberProfile.noPhotos', { name })}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="member-gallery list-unstyled mb-0">
        {photos.map((photo, position) => {
          const number = position + 1;
          if (photo.locked) {
            return (
              <li key={photo.id} className="member-gallery__item">
                <div className="member-gallery__tile member-gallery__tile--locked">
                  <img
                    src={photo.thumb_url}
                    alt={t('memberProfile.lockedPhotoNumbered', { number, name })}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="photo-lock" aria-hidden="true">
                    <LockIcon />
                  </span>
                </div>
              </li>
            );
          }
          const index = unlockedIndex++;
          return (
            <li key={photo.id} className="member-gallery__item">
              <button type="button" className="member-gallery__tile" onClick={() => onOpen(index)}>
                {/* the name is the image's text plus the visible badge (WCAG 2.5.3) */}
                <img
                  src={photo.thumb_url}
                  alt={t('memberProfile.openPhoto', { number, name })}
                  loading="lazy"
                  decoding="async"
                />
                {photo.main && (
                  <span className="member-gallery__main badge rounded-pill">
                    {t('memberProfile.mainPhoto')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {lockedCount > 0 && (
        <div className="member-gallery__cta d-flex flex-column flex-md-row gap-3 align-items-md-center mt-3 p-3 rounded-4">
          <span className="member-gallery__cta-icon" aria-hidden="true">
            <LockIcon />
          </span>
          <div className="flex-grow-1">
            <p className="fw-semibold mb-1">
              {t('memberProfile.lockedCount', { number: lockedCount })}
            </p>
            <p className="small text-body-secondary mb-0">
              {visitor
                ? t('memberProfile.loginRequired.photos', { name })
                : t('memberProfile.premiumText', { name })}
            </p>
          </div>
          {visitor ? (
            <LoginRequiredLinks member={profile} />
          ) : (
            <Link to="/premium" className="btn btn-primary rounded-pill px-4 text-md-nowrap">
              {t('memberProfile.premiumCta')}
            </Link>
          )}
        </div>
      )}
    </>
  );
}
