import type { SessionUser } from '../auth';
import type { MediaSigner } from '../storage';
import { photoFileName } from '../storage';
import type { LegalDocument } from '@app/contract';

/**
 * The `user` object of GET /api/user.php (SPEC point 3, User). `profile.main_image` is the
 * member's own main photo in whatever state (status `active` means others see it): the web's
 * profile photo alert shows while there is no active one.
 */
export function presentUser(
  user: SessionUser,
  fictionalIcon: string,
  signer: MediaSigner,
  pendingConsents: LegalDocument[],
) {
  const profile = user.profile;
  return {
    id: user.id,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    language: user.language,
    fictional_icon: fictionalIcon,
    signup_date: user.signupDate.toISOString(),
    notifications_disabled: user.notificationsDisabled,
    roles: user.roles,
    pending_consents: pendingConsents,
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          status: profile.status,
          country: profile.countryCode,
          gender: profile.gender,
          seeking_gender: profile.seekingGender,
          fictional: profile.fictional,
          invisible: profile.invisible,
          privacy_mode: profile.privacyMode,
          main_image: profile.mainPhoto && {
            id: profile.mainPhoto.id,
            filename: signer.url(
              'photos',
              photoFileName(profile.mainPhoto.filename, 'card'),
              'private',
            ),
            thumb_filename: signer.url(
              'photos',
              photoFileName(profile.mainPhoto.filename, 'thumb'),
              'private',
            ),
            status: profile.mainPhoto.status,
          },
        }
      : null,
  };
}
