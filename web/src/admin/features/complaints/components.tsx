/** Small pieces the complaints pages share. */
import type { ComplaintStatus, InboxComplaint, ModerationMemberRef } from '@app/contract';
import { useAdminTranslation } from '../../shared/i18n';

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

/** A complaint's state, or what was done about it. */
export function StateBadge({
  status,
  resolution,
}: {
  status: ComplaintStatus;
  resolution: InboxComplaint['resolution'];
}) {
  const { t } = useAdminTranslation();
  if (resolution) {
    return (
      <span className="badge text-bg-success-subtle text-success-emphasis border border-success-subtle">
        {t(`complaints.resolution.${resolution}`)}
      </span>
    );
  }
  return (
    <span className={`badge ${status === 'open' ? 'text-bg-warning' : 'text-bg-info'}`}>
      {t(`complaints.status.${status}`)}
    </span>
  );
}
