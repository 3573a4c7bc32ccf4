import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { dbId, type StaffMemberPage } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { memberPageOptions } from '../api/members';
import { MemberActions } from '../components/MemberActions';
import { MemberTabs } from '../components/MemberTabs';
import { StatusBadge } from '../components/StatusBadge';
import { useFormats } from '../hooks/useFormats';
import '../members.scss';

/**
 * A member's page (admins): the account and its actions above, then tabs (the tab in the
 * address, ?tab=) for the profile, photos, payments, credit ledger, sessions, complaints by and
 * against them, and the audit rows about them. Ban state shows here; bans are made in the
 * complaints area.
 */
export function MemberPage() {
  const { t } = useAdminTranslation();
  const param = useParams().id ?? '';
  const memberId = Number(param);
  // read as the server reads a path id: beyond PostgreSQL's integer, no member can have it
  const valid = dbId.safeParse(param).success;
  const query = useQuery({ ...memberPageOptions(memberId), enabled: valid });
  const title = query.data?.profile?.name ?? t('members.member', { id: memberId });
  return (
    <AdminPage
      title={title}
      intro={
        <Link to="/admin/members" className="small">
          ‹ {t('members.backToSearch')}
        </Link>
      }
    >
      {!valid ? (
        <AdminEmpty>{t('members.notFound')}</AdminEmpty>
      ) : query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <MemberDetails page={query.data} />
      )}
    </AdminPage>
  );
}

function MemberDetails({ page }: { page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const { member } = page;
  return (
    <>
      <section className="card mb-3" aria-label={t('members.account')}>
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <span className="text-body-secondary">#{member.id}</span>
            <StatusBadge status={member.status} />
            {member.paid_user && (
              <span className="badge text-bg-info">{t('members.paidUser')}</span>
            )}
            {member.roles.length > 0 && (
              <span className="badge text-bg-secondary">
                {t('members.staffAccount', { roles: member.roles.join(', ') })}
              </span>
            )}
          </div>
          {member.banned && (
            <div className="alert alert-danger py-2" role="note">
              {t('members.bannedNote')}{' '}
              <Link to="/admin/complaints">{t('members.toComplaints')}</Link>
            </div>
          )}
          {member.purge_at && member.status === 'deleted' && (
            <div className="alert alert-warning py-2" role="note">
              {t('members.pendingDeletion', { date: format.date(member.purge_at) })}
            </div>
          )}
          <dl className="admin-member__facts mb-3">
            <dt>{t('members.email')}</dt>
            <dd>{member.email ?? '—'}</dd>
            <dt>{t('members.credits')}</dt>
            <dd>{member.credits}</dd>
            <dt>{t('members.signedUp')}</dt>
            <dd>{format.date(member.signup_date)}</dd>
            <dt>{t('members.lastSeen')}</dt>
            <dd>{member.last_seen_at ? format.dateTime(member.last_seen_at) : '—'}</dd>
            <dt>{t('members.signupIp')}</dt>
            <dd>{member.signup_ip ?? '—'}</dd>
            <dt>{t('members.language')}</dt>
            <dd>{member.language}</dd>
          </dl>
          <MemberActions page={page} />
        </div>
      </section>
      <MemberTabs page={page} />
    </>
  );
}
