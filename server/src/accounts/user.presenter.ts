import type { SessionUser } from '../auth';

/** The `user` object of GET /api/user.php (SPEC point 3, User). */
export function presentUser(user: SessionUser, fictionalIcon: string) {
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
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          status: profile.status,
          country: profile.countryCode,
          gender: profile.gender,
          fictional: profile.fictional,
          invisible: profile.invisible,
          privacy_mode: profile.privacyMode,
          main_image: null,
        }
      : null,
  };
}
