import type { ModerationMemberRef } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';

/** A member as staff name them: profile name, account id, a badge when not plainly active. */
export function MemberName({ member }: { member: ModerationMemberRef }) {
  const { t } = useAdminTranslation();
  return (
    <span>
      <strong>{member.name ?? t('complaints.noProfile')}</strong>{' '}
      <span className="text-body-secondary">#{member.user_id}</span>
      {member.status !== 'confirmed' && (
        <span
          className={`badge ms-1 ${member.status === 'banned' ? 'text-bg-danger' : 'text-bg-light'}`}
        >
          {t(`complaints.memberStatus.${member.status}`)}
        </span>
      )}
    </span>
  );
}
