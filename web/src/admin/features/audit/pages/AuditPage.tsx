import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { STAFF_ACTIONS, type AuditEntry } from '@app/contract';
import { auditQueryKey, fetchAudit } from '../api/audit';
import {
  AdminEmpty,
  AdminError,
  AdminLoadMore,
  AdminLoading,
  AdminPage,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';

const digits = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? value : '');

/**
 * The audit log (admins): every staff action, newest first, filtered by action, staff member or
 * member (the filters live in the address, so a filtered view can be shared), 50 at a time.
 */
export function AuditPage() {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = {
    action: params.get('action') ?? '',
    actor: digits(params.get('actor')),
    target: digits(params.get('target')),
  };
  const [draft, setDraft] = useState(filters);
  const query = useInfiniteQuery({
    queryKey: auditQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchAudit(
        {
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.actor ? { actor: filters.actor } : {}),
          ...(filters.target ? { target: filters.target } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value.trim());
    setParams(next);
  };
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const actionName = (action: string) =>
    t(`audit.actions.${action.replace(/\./g, '_')}`, { defaultValue: action });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <AdminPage title={t('audit.title')} intro={t('audit.intro')}>
      <form
        className="admin-filters card card-body mb-3"
        onSubmit={apply}
        aria-label={t('audit.filters')}
      >
        <div className="row g-2 align-items-end">
          <div className="col-12 col-md-4">
            <label className="form-label small fw-semibold" htmlFor={`${id}-action`}>
              {t('audit.action')}
            </label>
            <select
              id={`${id}-action`}
              className="form-select form-select-sm"
              value={draft.action}
              onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            >
              <option value="">{t('audit.allActions')}</option>
              {STAFF_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionName(action)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label small fw-semibold" htmlFor={`${id}-actor`}>
              {t('audit.actor')}
            </label>
            <input
              id={`${id}-actor`}
              className="form-control form-control-sm"
              inputMode="numeric"
              pattern="\d*"
              value={draft.actor}
              onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
            />
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label small fw-semibold" htmlFor={`${id}-target`}>
              {t('audit.target')}
            </label>
            <input
              id={`${id}-target`}
              className="form-control form-control-sm"
              inputMode="numeric"
              pattern="\d*"
              value={draft.target}
              onChange={(event) => setDraft({ ...draft, target: event.target.value })}
            />
          </div>
          <div className="col-12 col-md-2 d-flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm flex-fill">
              {t('audit.apply')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm flex-fill"
              onClick={() => {
                setDraft({ action: '', actor: '', target: '' });
                setParams(new URLSearchParams());
              }}
            >
              {t('audit.reset')}
            </button>
          </div>
        </div>
      </form>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <AdminEmpty>{t('audit.none')}</AdminEmpty>
      ) : (
        <>
          <ol className="admin-audit list-unstyled mb-3">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} when={when} actionName={actionName} />
            ))}
          </ol>
          <AdminLoadMore query={query} />
        </>
      )}
    </AdminPage>
  );
}

function AuditRow({
  entry,
  when,
  actionName,
}: {
  entry: AuditEntry;
  when: Intl.DateTimeFormat;
  actionName: (action: string) => string;
}) {
  const { t } = useAdminTranslation();
  const details: [string, unknown][] = [
    [t('audit.before'), entry.before],
    [t('audit.after'), entry.after],
  ];
  return (
    <li className="admin-audit__row card mb-2">
      <div className="card-body py-2 px-3">
        <div className="d-flex flex-wrap gap-2 align-items-baseline">
          <strong>{actionName(entry.action)}</strong>
          {entry.target_user_id !== null && (
            <span className="badge text-bg-light">
              {t('audit.member', { id: entry.target_user_id })}
            </span>
          )}
          <span className="text-body-secondary small ms-auto">
            <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
          </span>
        </div>
        <div className="small text-body-secondary">
          {[
            entry.actor ? `${entry.actor.email} (#${entry.actor.id})` : t('audit.system'),
            entry.ip && `${t('audit.address')} ${entry.ip}`,
            entry.subject_type && `${entry.subject_type} ${entry.subject_id ?? ''}`.trim(),
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
        {entry.reason && (
          <div className="small">
            {t('audit.reason')}: {entry.reason}
          </div>
        )}
        {(entry.before !== null || entry.after !== null) && (
          <dl className="admin-audit__changes small mb-0 mt-1">
            {details
              .filter(([, value]) => value !== null && value !== undefined)
              .map(([label, value]) => (
                <div key={label} className="d-flex gap-2">
                  <dt className="fw-semibold">{label}</dt>
                  <dd className="mb-0 text-break">
                    <code>{JSON.stringify(value)}</code>
                  </dd>
                </div>
              ))}
          </dl>
        )}
      </div>
    </li>
  );
}
