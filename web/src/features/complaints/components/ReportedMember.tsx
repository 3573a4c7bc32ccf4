import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { useMemberCard } from '../../../api/members';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { FictionalBadge } from '../../../components/FictionalBadge';

/** The member the complaint is about, as the reporter sees them (or a note when that fails). */
export function ReportedMember({ query }: { query: ReturnType<typeof useMemberCard> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div
        className="complaint-member rounded-4 p-3 mb-4 d-flex align-items-center gap-3"
        role="status"
      >
        <span
          className="complaint-member__avatar complaint-member__avatar--loading"
          aria-hidden="true"
        />
        <span className="text-body-secondary">{t('complaints.memberLoading')}</span>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="alert alert-light border rounded-4 mb-4 small" role="note">
        {t('complaints.memberUnavailable')}
      </div>
    );
  }
  const member = query.data;
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);
  return (
    <div className="complaint-member rounded-4 p-3 mb-4 d-flex align-items-center gap-3">
      <MemberAvatar member={member} size="sm" />
      <div className="flex-grow-1 complaint-member__body">
        <div className="small text-body-secondary">{t('complaints.memberLabel')}</div>
        <div className="fw-bold text-truncate" data-testid="reported-member">
          {member.name}
          <span className="fw-normal text-body-secondary">
            {' · '}
            {t('members.age', { count: member.age })}
            {' · '}
            {place}
          </span>
        </div>
        {member.fictional && <FictionalBadge className="mt-1" />}
      </div>
      <Link to={`/members/${member.id}`} className="small fw-semibold text-nowrap">
        {t('complaints.viewProfile')}
      </Link>
    </div>
  );
}
