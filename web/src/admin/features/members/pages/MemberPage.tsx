import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { dbId, type StaffMemberPage } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { memberPageOptions } from '../api';
import { MemberActions } from '../components/MemberActions';
import { StatusBadge } from '../components/StatusBadge';
import '../members.scss';

const TABS = [
  'profile',
  'photos',
  'payments',
  'ledger',
  'sessions',
  'complaints',
  'audit',
] as const;
type Tab = (typeof TABS)[number];

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

function MemberTabs({ page }: { page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: Tab) =>
    setParams(next === 'profile' ? new URLSearchParams() : new URLSearchParams({ tab: next }), {
      replace: true,
    });
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    choose(next);
    buttons.current[TABS.indexOf(next)]?.focus();
  };
  const counts: Record<Tab, number | null> = {
    profile: null,
    photos: page.photos.length,
    payments: page.payments.length,
    ledger: page.ledger.length,
    sessions: page.sessions.length,
    complaints: page.complaints.length,
    audit: page.audit.length,
  };
  return (
    <section className="card">
      <div className="card-header">
        <div
          className="nav nav-tabs card-header-tabs admin-member__tabs"
          role="tablist"
          aria-label={t('members.tabsLabel')}
          onKeyDown={onKey}
        >
          {TABS.map((name, index) => (
            <button
              key={name}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${name}-tab`}
              aria-selected={tab === name}
              aria-controls={`${id}-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={`nav-link${tab === name ? ' active' : ''}`}
              onClick={() => choose(name)}
            >
              {t(`members.tabs.${name}`)}
              {counts[name] !== null && (
                <span className="badge text-bg-light ms-1">{counts[name]}</span>
              )}
            </button>
          ))}
        </div>
      </div>
      <div
        className="card-body"
        role="tabpanel"
        id={`${id}-${tab}`}
        aria-labelledby={`${id}-${tab}-tab`}
        tabIndex={0}
      >
        <TabContent tab={tab} page={page} />
      </div>
    </section>
  );
}

function useFormats() {
  const { i18n } = useAdminTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    money: (cents: number, currency: string) =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100),
  };
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function TabContent({ tab, page }: { tab: Tab; page: StaffMemberPage }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  switch (tab) {
    case 'profile': {
      const profile = page.profile;
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
    case 'photos':
      return page.photos.length === 0 ? (
        <AdminEmpty>{t('members.none.photos')}</AdminEmpty>
      ) : (
        <ul className="admin-member__photos list-unstyled mb-0">
          {page.photos.map((photo) => (
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
    case 'payments':
      return page.payments.length === 0 ? (
        <AdminEmpty>{t('members.none.payments')}</AdminEmpty>
      ) : (
        <Table
          head={[
            t('members.col.date'),
            t('members.col.method'),
            t('members.col.amount'),
            t('members.col.credits'),
            t('members.col.status'),
          ]}
        >
          {page.payments.map((payment) => (
            <tr key={payment.id}>
              <td>{format.dateTime(payment.created_at)}</td>
              <td>{payment.method}</td>
              <td>
                {format.money(payment.amount_cents, payment.currency)}
                {payment.reversed_cents > 0 && (
                  <span className="d-block small text-danger">
                    −{format.money(payment.reversed_cents, payment.currency)}
                  </span>
                )}
              </td>
              <td>{payment.credits}</td>
              <td>{payment.status}</td>
            </tr>
          ))}
        </Table>
      );
    case 'ledger':
      return page.ledger.length === 0 ? (
        <AdminEmpty>{t('members.none.ledger')}</AdminEmpty>
      ) : (
        <Table
          head={[
            t('members.col.date'),
            t('members.col.change'),
            t('members.col.balance'),
            t('members.col.reason'),
          ]}
        >
          {page.ledger.map((entry) => (
            <tr key={entry.id}>
              <td>{format.dateTime(entry.created_at)}</td>
              <td className={entry.delta < 0 ? 'text-danger' : 'text-success'}>
                {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
              </td>
              <td>{entry.balance_after}</td>
              <td>
                {t(`members.ledgerReason.${entry.reason}`, { defaultValue: entry.reason })}
                {entry.note && (
                  <span className="d-block small text-body-secondary">{entry.note}</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      );
    case 'sessions':
      return page.sessions.length === 0 ? (
        <AdminEmpty>{t('members.none.sessions')}</AdminEmpty>
      ) : (
        <Table
          head={[
            t('members.col.device'),
            t('members.col.lastSeen'),
            t('members.col.ip'),
            t('members.col.started'),
          ]}
        >
          {page.sessions.map((session) => (
            <tr key={session.id}>
              <td title={session.user_agent ?? undefined}>{session.device}</td>
              <td>{format.dateTime(session.last_seen_at)}</td>
              <td>{session.ip ?? '—'}</td>
              <td>{format.dateTime(session.created_at)}</td>
            </tr>
          ))}
        </Table>
      );
    case 'complaints':
      return (
        <>
          {page.complaints.length === 0 ? (
            <AdminEmpty>{t('members.none.complaints')}</AdminEmpty>
          ) : (
            <Table
              head={[
                t('members.col.date'),
                t('members.col.side'),
                t('members.col.subject'),
                t('members.col.status'),
              ]}
            >
              {page.complaints.map((complaint) => (
                <tr key={complaint.id}>
                  <td>{format.dateTime(complaint.created_at)}</td>
                  <td>{t(`members.side.${complaint.side}`)}</td>
                  <td>{complaint.subject}</td>
                  <td>{complaint.status}</td>
                </tr>
              ))}
            </Table>
          )}
          <Link className="d-inline-block mt-3" to="/admin/complaints">
            {t('members.toComplaints')}
          </Link>
        </>
      );
    case 'audit':
      return page.audit.length === 0 ? (
        <AdminEmpty>{t('members.none.audit')}</AdminEmpty>
      ) : (
        <>
          <ol className="list-unstyled mb-0">
            {page.audit.map((row) => (
              <li key={row.id} className="border-bottom py-2">
                <div className="d-flex flex-wrap gap-2 align-items-baseline">
                  <strong>
                    {t(`audit.actions.${row.action.replace(/\./g, '_')}`, {
                      defaultValue: row.action,
                    })}
                  </strong>
                  <span className="small text-body-secondary">
                    {format.dateTime(row.at)}
                    {row.actor_id !== null && ` · #${row.actor_id}`}
                  </span>
                </div>
                {row.reason && (
                  <div className="small">
                    {t('members.actions.reason')}: {row.reason}
                  </div>
                )}
                {(row.before !== null || row.after !== null) && (
                  <div className="small text-break">
                    <code>{JSON.stringify(row.before)}</code> →{' '}
                    <code>{JSON.stringify(row.after)}</code>
                  </div>
                )}
              </li>
            ))}
          </ol>
          <Link className="d-inline-block mt-3" to={`/admin/audit?target=${page.member.id}`}>
            {t('members.fullAudit')}
          </Link>
        </>
      );
  }
}
