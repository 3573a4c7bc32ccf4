import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract';
import { useUser } from '../../../api/user';
import { DismissibleAlert, useRememberedDismissal } from '../../../components/DismissibleAlert';

const KEY = 'profile_photo_alert_dismissed';

/** Which profile photo alert the member needs (SPEC point 2: when the main image is missing). */
export function profilePhotoAlert(user: User | null): 'missing' | 'inspection' | 'rejected' | null {
  const profile = user?.profile;
  if (!profile || profile.fictional) return null;
  const main = profile.main_image;
  if (!main) return 'missing';
  if (main.status === 'under_inspection') return 'inspection';
  if (main.status === 'rejected') return 'rejected';
  return null;
}

/**
 * The profile photo alert of the default layout: while the member has no active main photo
 * (none, under inspection, rejected), except on the profile editor, which shows the photos
 * themselves. Its dismissal is remembered per state, so a new state is told again.
 */
export function ProfilePhotoAlert() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { pathname } = useLocation();
  const kind = profilePhotoAlert(user);
  const { dismissed, dismiss } = useRememberedDismissal(
    user && kind ? `${KEY}:${user.id}:${kind}` : null,
  );
  if (!kind || dismissed || pathname === '/profile') return null;
  return (
    <DismissibleAlert
      tone={kind === 'inspection' ? 'info' : 'warning'}
      icon={kind === 'inspection' ? '⏳' : '📷'}
      title={t(`photos.alert.${kind}.title`)}
      dismissLabel={t('photos.alert.dismiss')}
      onDismiss={dismiss}
      testId="profile-photo-alert"
    >
      <p className="small mb-2">{t(`photos.alert.${kind}.text`)}</p>
      {kind !== 'inspection' && (
        <Link to="/profile#photos" className="btn btn-sm btn-primary">
          {t('photos.alert.action')}
        </Link>
      )}
    </DismissibleAlert>
  );
}
