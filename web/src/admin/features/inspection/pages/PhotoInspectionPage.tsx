import { useCallback } from 'react';
import { PHOTO_REJECT_REASONS, type InspectionPhoto } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../../i18n/format';
import { claimNext } from '../api/inspection';
import { useInspectionDesk, type DeskKind } from '../useInspectionDesk';
import { ChatPhotoDesk } from './ChatPhotoDesk';
import { DeskPage } from './DeskPage';
import { ScreeningPanel } from './ScreeningPanel';

const PHOTOS: DeskKind<InspectionPhoto> = {
  kind: 'photos',
  claim: async (exclude) => (await claimNext('photos', exclude)).photo,
  reasons: PHOTO_REJECT_REASONS,
  /** The photo ahead is loaded by the browser before it is shown. */
  prefetch: (photo) => {
    const image = new Image();
    image.src = photo.full_url;
  },
};

/**
 * Photo inspection (moderators): the photo the queue serves first (a match of a photo rejected for
 * abuse, then the riskiest by the pre-screening, whose scores show above it) large, the member
 * beside it; A approves, 1 to 8 reject with that reason, U undoes the last decision for a few seconds; the next photo is
 * claimed ahead and shows at once. The count and the oldest wait stay in view. Below it, the
 * chat photos the pre-screening flagged.
 */
export function PhotoInspectionPage() {
  const { t } = useAdminTranslation();
  const desk = useInspectionDesk(PHOTOS);
  const reasonText = useCallback((reason: string) => t(`inspection.photoReasons.${reason}`), [t]);
  return (
    <DeskPage
      desk={desk}
      title={t('inspection.photosTitle')}
      intro={t('inspection.photosIntro')}
      empty={t('inspection.photosEmpty')}
      reasonText={reasonText}
      describe={(last) =>
        last.action === 'approve'
          ? t('inspection.lastApproved', { id: last.item.id, name: last.item.member.name })
          : t('inspection.lastRejected', {
              id: last.item.id,
              name: last.item.member.name,
              reason: reasonText(last.reason ?? ''),
            })
      }
      label={(photo) => t('inspection.photoUnder', { id: photo.id })}
      after={<ChatPhotoDesk />}
    >
      {(photo) => (
        <>
          <ScreeningPanel screening={photo.screening} />
          <figure className="inspection-photo mb-2">
            <img
              key={photo.id}
              src={photo.full_url}
              alt={t('inspection.photoOf', { name: photo.member.name, id: photo.id })}
              width={photo.width}
              height={photo.height}
              data-testid="inspection-photo"
              data-photo-id={photo.id}
            />
            <figcaption className="small text-body-secondary">
              {t('inspection.uploaded', {
                when: formatDate(photo.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                id: photo.id,
              })}
            </figcaption>
          </figure>
        </>
      )}
    </DeskPage>
  );
}
