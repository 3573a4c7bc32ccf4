import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contract';
import { useUser } from '../../../api/user';

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

function dismissalKey(user: User, kind: string): string {
  return `${KEY}:${user.id}:${kind}`;
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
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  const kind = profilePhotoAlert(user);
  if (!user || !kind || pathname === '/profile' || dismissedNow === kind) return null;
  try {
    if (window.localStorage.getItem(dismissalKey(user, kind)) === '1') return null;
  } catch {
    // storage unavailable: shown
  }
  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissalKey(user, kind), '1');
    } catch {
      // hidden for this page view only
    }
    setDismissedNow(kind);
  };
  const tone = kind === 'inspection' ? 'info' : 'warning';
  return (
    <div className="container mt-3">
      <section
        className={`alert alert-${tone} alert-dismissible shadow-sm rounded-4 mb-0`}
        aria-label={t(`photos.alert.${kind}.title`)}
        data-testid="profile-photo-alert"
      >
        <div className="d-flex gap-3 align-items-start">
          <span className="fs-3 lh-1" aria-hidden="true">
            {kind === 'inspection' ? '⏳' : '📷'}
          </span>
          <div className="flex-grow-1">
            <strong className="d-block mb-1">{t(`photos.alert.${kind}.title`)}</strong>
            <p className="small mb-2">{t(`photos.alert.${kind}.text`)}</p>
            {kind !== 'inspection' && (
              <Link to="/profile#photos" className="btn btn-sm btn-primary">
                {t('photos.alert.action')}
              </Link>
            )}
          </div>
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label={t('photos.alert.dismiss')}
          onClick={dismiss}
        />
      </section>
    </div>
  );
}
