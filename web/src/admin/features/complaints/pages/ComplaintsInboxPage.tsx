import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { COMPLAINT_STATUSES, type ComplaintStatus, type InboxComplaint } from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminLoadMore,
  AdminLoading,
  AdminPage,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { fetchInbox, inboxQueryKey } from '../api/complaints';
import { MemberName } from '../components/MemberName';
import { StateBadge } from '../components/StateBadge';

const TABS = [...COMPLAINT_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];

/**
 * The complaints inbox (moderators, admins): a tab per state with its count (open first), the
 * newest complaints of that state, 50 at a time; each opens the complaint in context. The
 * console's socket reloads it when complaints change.
 */
export function ComplaintsInboxPage() {
  const { t, i18n } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'open';
  const status: ComplaintStatus | undefined = tab === 'all' ? undefined : tab;
  const query = useInfiniteQuery({
    queryKey: inboxQueryKey(status),
    queryFn: ({ pageParam, signal }) => fetchInbox(status, pageParam || undefined, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const counts = query.data?.pages[0]?.counts;
  const complaints = query.data?.pages.flatMap((page) => page.complaints) ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AdminPage title={t('complaints.title')} intro={t('complaints.intro')}>
      <nav aria-label={t('complaints.states')}>
        <ul className="nav nav-pills admin-tabs flex-nowrap overflow-auto mb-3">
          {TABS.map((name) => (
            <li className="nav-item" key={name}>
              <button
                type="button"
                className={`nav-link text-nowrap${name === tab ? ' active' : ''}`}
                aria-current={name === tab ? 'page' : undefined}
                onClick={() => setParams(name === 'open' ? {} : { status: name })}
              >
                {t(`complaints.status.${name}`)}
                {counts && name !== 'all' && (
                  <span
                    className={`badge rounded-pill ms-2 ${
                      name === tab ? 'text-bg-light' : 'text-bg-secondary'
                    }`}
                    data-testid={`count-${name}`}
                  >
                    {counts[name]}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : complaints.length === 0 ? (
        <AdminEmpty>{t(`complaints.none.${tab}`)}</AdminEmpty>
      ) : (
        <>
          <ul className="list-unstyled mb-3">
            {complaints.map((complaint) => (
              <InboxRow key={complaint.id} complaint={complaint} when={when} />
            ))}
          </ul>
          <AdminLoadMore query={query} />
        </>
      )}
    </AdminPage>
  );
}

function InboxRow({ complaint, when }: { complaint: InboxComplaint; when: Intl.DateTimeFormat }) {
  const { t } = useAdminTranslation();
  return (
    <li className="card mb-2 admin-complaint-row">
      <div className="card-body py-2 px-3 d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto" style={{ minWidth: 0 }}>
          <Link
            to={`/admin/complaints/${complaint.id}`}
            className="fw-semibold text-break stretched-link"
          >
            {complaint.subject || t('complaints.noSubject')}
          </Link>
          <div className="small text-body-secondary">
            {t('complaints.number', { id: complaint.id })} ·{' '}
            {t(`complaints.about.${complaint.about}`)}
            {' · '}
            <time dateTime={complaint.created_at}>
              {when.format(new Date(complaint.created_at))}
            </time>
          </div>
          <div className="small">
            {t('complaints.by')}{' '}
            {complaint.reporter ? (
              <MemberName member={complaint.reporter} />
            ) : (
              <>
                {complaint.reporter_name ?? '—'}{' '}
                <span className="text-body-secondary">({t('complaints.visitor')})</span>
              </>
            )}
            {complaint.reported_member && (
              <>
                {' → '}
                <MemberName member={complaint.reported_member} />
              </>
            )}
          </div>
        </div>
        <StateBadge status={complaint.status} resolution={complaint.resolution} />
      </div>
    </li>
  );
}
