import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberSearchHit } from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminLoadMore,
  AdminLoading,
  AdminPage,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { memberSearchKey, searchMembers } from '../api/members';
import { StatusBadge } from '../components/StatusBadge';
import '../members.scss';

/**
 * Finding a member (admins): one field for an id, an e-mail address or a name; the query lives
 * in the address (?q=), so a search can be shared and the back button returns to it.
 */
export function MembersSearchPage() {
  const { t } = useAdminTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const query = useInfiniteQuery({
    queryKey: memberSearchKey(q),
    queryFn: ({ pageParam, signal }) => searchMembers(q, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_after ?? undefined,
    enabled: q !== '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    setParams(value ? new URLSearchParams({ q: value }) : new URLSearchParams());
  };
  const members = query.data?.pages.flatMap((page) => page.members) ?? [];
  const by = query.data?.pages[0]?.by;
  return (
    <AdminPage title={t('members.title')} intro={t('members.intro')}>
      <form className="card card-body mb-3" role="search" onSubmit={submit}>
        <label className="form-label fw-semibold" htmlFor={`${id}-q`}>
          {t('members.searchLabel')}
        </label>
        <div className="d-flex gap-2">
          <input
            id={`${id}-q`}
            className="form-control"
            type="search"
            value={draft}
            maxLength={254}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={draft.trim() === ''}>
            {t('members.search')}
          </button>
        </div>
        <div id={`${id}-hint`} className="form-text">
          {t('members.searchHint')}
        </div>
      </form>
      {q === '' ? (
        <AdminEmpty>{t('members.start')}</AdminEmpty>
      ) : query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : members.length === 0 ? (
        <AdminEmpty>{t('members.noResults', { q })}</AdminEmpty>
      ) : (
        <section aria-labelledby={`${id}-results`}>
          <h2 id={`${id}-results`} className="h6 text-body-secondary">
            {t(`members.resultsBy.${by ?? 'name'}`, { q })}
          </h2>
          <ul className="list-unstyled admin-members mb-3">
            {members.map((member) => (
              <MemberHit key={member.id} member={member} />
            ))}
          </ul>
          <AdminLoadMore query={query} />
        </section>
      )}
    </AdminPage>
  );
}

function MemberHit({ member }: { member: MemberSearchHit }) {
  const { t, i18n } = useAdminTranslation();
  const signup = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="card mb-2">
      <Link
        className="admin-members__hit card-body d-flex align-items-center gap-3 text-reset text-decoration-none"
        to={`/admin/members/${member.id}`}
      >
        {member.thumb_url ? (
          <img className="admin-members__thumb" src={member.thumb_url} alt="" />
        ) : (
          <span className="admin-members__thumb admin-members__thumb--none" aria-hidden="true">
            {(member.name ?? '?').slice(0, 1)}
          </span>
        )}
        <span className="flex-grow-1 min-w-0">
          <span className="d-flex flex-wrap align-items-baseline gap-2">
            <strong>{member.name ?? t('members.noProfile')}</strong>
            <span className="text-body-secondary small">#{member.id}</span>
            <StatusBadge status={member.status} />
          </span>
          <span className="d-block small text-body-secondary text-truncate">
            {member.email ?? t('members.noEmail')}
          </span>
          <span className="d-block small text-body-secondary">
            {t('members.hitDetails', {
              count: member.credits,
              date: signup.format(new Date(member.signup_date)),
            })}
          </span>
        </span>
        <span aria-hidden="true" className="text-body-secondary">
          ›
        </span>
      </Link>
    </li>
  );
}
