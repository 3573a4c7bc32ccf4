import type { StaffMemberPage } from '@app/contract';
import { AdminEmpty } from '../../../../shared/components';
import { useAdminTranslation } from '../../../../shared/i18n';

/** The member's photos, each with its state (full size in a new tab). */
export function PhotosTab({ photos }: { photos: StaffMemberPage['photos'] }) {
  const { t } = useAdminTranslation();
  return photos.length === 0 ? (
    <AdminEmpty>{t('members.none.photos')}</AdminEmpty>
  ) : (
    <ul className="admin-member__photos list-unstyled mb-0">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={photo.full_url} target="_blank" rel="noreferrer">
            <img
              src={photo.thumb_url}
              alt={t('members.photoAlt', { id: photo.id })}
              loading="lazy"
            />
          </a>
          <div className="small mt-1">
            {t(`members.photoStatus.${photo.status}`)}
            {photo.main && ` · ${t('members.mainPhoto')}`}
          </div>
          {photo.rejected_reason && (
            <div className="small text-body-secondary">{photo.rejected_reason}</div>
          )}
        </li>
      ))}
    </ul>
  );
}
