import type { StaffMemberPage } from '@app/contract';
import { AdminEmpty } from '../../../../shared/components';
import { useAdminTranslation } from '../../../../shared/i18n';
import { useFormats } from '../../hooks/useFormats';

/** The member's profile as staff see it (or that there is none). */
export function ProfileTab({ profile }: { profile: StaffMemberPage['profile'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (!profile) return <AdminEmpty>{t('members.noProfile')}</AdminEmpty>;
  const yes = (value: boolean) => (value ? t('members.yes') : t('members.no'));
  return (
    <dl className="admin-member__facts">
      <dt>{t('members.profile.name')}</dt>
      <dd>{profile.name}</dd>
      <dt>{t('members.profile.status')}</dt>
      <dd>{t(`members.profileStatus.${profile.status}`)}</dd>
      <dt>{t('members.profile.gender')}</dt>
      <dd>{t(`members.gender.${profile.gender}`, { defaultValue: profile.gender })}</dd>
      <dt>{t('members.profile.birth')}</dt>
      <dd>{format.date(profile.date_of_birth)}</dd>
      <dt>{t('members.profile.place')}</dt>
      <dd>{[profile.city, profile.country].filter(Boolean).join(', ')}</dd>
      <dt>{t('members.profile.about')}</dt>
      <dd className="admin-member__about">{profile.about ?? '—'}</dd>
      <dt>{t('members.profile.invisible')}</dt>
      <dd>{yes(profile.invisible)}</dd>
      <dt>{t('members.profile.privacy')}</dt>
      <dd>{yes(profile.privacy_mode)}</dd>
      <dt>{t('members.profile.fictional')}</dt>
      <dd>{yes(profile.fictional)}</dd>
    </dl>
  );
}
