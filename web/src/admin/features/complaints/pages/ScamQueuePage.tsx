import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MODERATION_REASON_MAX, type ScamFlag, type ScamFlagAction } from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminLoadMore,
  AdminLoading,
  AdminPage,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { actOnScamFlag, fetchScamQueue, scamQueueKey, scamsKey } from '../api/complaints';
import { MemberName } from '../components/MemberName';

const ACTION_STYLE: Record<ScamFlagAction, string> = {
  dismiss: 'btn-outline-secondary',
  warn: 'btn-outline-dark',
  ban: 'btn-danger',
};

/**
 * The queue of messages the send's scan flagged (moderators, admins): newest first, each with
 * what the scan found, both members (the sender's risk score), the conversation around it, and
 * dismiss / warn / ban with a reason. The console's socket reloads it when a message is flagged.
 */
export function ScamQueuePage() {
  const { t } = useAdminTranslation();
  const [handled, setHandled] = useState(false);
  const query = useInfiniteQuery({
    queryKey: scamQueueKey(handled),
    queryFn: ({ pageParam, signal }) => fetchScamQueue(handled, pageParam || undefined, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const waiting = query.data?.pages[0]?.waiting;
  const flags = query.data?.pages.flatMap((page) => page.flags) ?? [];
  return (
    <AdminPage title={t('complaints.scams.title')} intro={t('complaints.scams.intro')}>
      <nav aria-label={t('complaints.scams.tabs')}>
        <ul className="nav nav-pills admin-tabs mb-3">
          {[false, true].map((tab) => (
            <li className="nav-item" key={String(tab)}>
              <button
                type="button"
                className={`nav-link${tab === handled ? ' active' : ''}`}
                aria-current={tab === handled ? 'page' : undefined}
                onClick={() => setHandled(tab)}
              >
                {t(tab ? 'complaints.scams.handled' : 'complaints.scams.waiting')}
                {!tab && waiting !== undefined && !handled && (
                  <span className="badge rounded-pill ms-2 text-bg-light" data-testid="scam-count">
                    {waiting}
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
      ) : flags.length === 0 ? (
        <AdminEmpty>
          {t(handled ? 'complaints.scams.noneHandled' : 'complaints.scams.noneWaiting')}
        </AdminEmpty>
      ) : (
        <>
          <ul className="list-unstyled mb-3">
            {flags.map((flag) => (
              <FlagCard key={flag.message_id} flag={flag} />
            ))}
          </ul>
          <AdminLoadMore query={query} />
        </>
      )}
    </AdminPage>
  );
}

function FlagCard({ flag }: { flag: ScamFlag }) {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="card mb-3" data-testid="scam-flag" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h6 mb-0 me-auto" id={`${id}-title`}>
            {t('complaints.scams.message', { id: flag.message_id })} ·{' '}
            <time dateTime={flag.created_at}>{when.format(new Date(flag.created_at))}</time>
          </h2>
          {flag.categories.map((category) => (
            <span key={category} className="badge text-bg-warning" data-category={category}>
              {t(`complaints.scams.category.${category}`)}
            </span>
          ))}
          {flag.resolution && (
            <span className="badge text-bg-secondary">
              {t(`complaints.resolution.${flag.resolution}`)}
            </span>
          )}
        </div>
        <p className="small mb-2">
          {t('complaints.scams.from')} <MemberName member={flag.sender} />{' '}
          <span className="badge text-bg-danger-subtle text-danger-emphasis">
            {t('complaints.scams.risk', {
              score: flag.sender_risk.score,
              hits: flag.sender_risk.hits,
            })}
          </span>
          {' → '}
          <MemberName member={flag.recipient} />
        </p>
        <ol
          className="list-unstyled border rounded p-2 mb-3 small"
          aria-label={t('complaints.scams.context')}
        >
          {flag.context.map((message) => (
            <li
              key={message.id}
              className={`py-1 px-2 rounded${message.flagged ? ' bg-warning-subtle fw-semibold' : ''}`}
              data-flagged={message.flagged}
            >
              <span className="text-body-secondary">
                {message.sender_id === flag.sender.user_id
                  ? (flag.sender.name ?? `#${flag.sender.user_id}`)
                  : (flag.recipient.name ?? `#${flag.recipient.user_id}`)}
                :
              </span>{' '}
              <span className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {message.type === 'text'
                  ? (message.text ?? t('complaints.scams.removed'))
                  : t(`complaints.scams.kind.${message.type}`)}
              </span>
            </li>
          ))}
        </ol>
        <FlagActions flag={flag} />
      </div>
    </li>
  );
}

function FlagActions({ flag }: { flag: ScamFlag }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ScamFlagAction | null>(null);
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: (action: ScamFlagAction) =>
      actOnScamFlag(flag.message_id, { action, reason: reason.trim() }),
    onSuccess: () => {
      setChosen(null);
      setReason('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scamsKey }),
  });
  if (flag.actions.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen && reason.trim().length >= 3) mutation.mutate(chosen);
  };
  return (
    <div>
      <div
        className="d-flex flex-wrap gap-2"
        role="group"
        aria-label={t('complaints.actions.title')}
      >
        {flag.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`btn btn-sm ${ACTION_STYLE[action]}`}
            aria-pressed={chosen === action}
            onClick={() => {
              mutation.reset();
              setChosen(action);
            }}
          >
            {t(`complaints.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen && (
        <form className="mt-2" onSubmit={submit} noValidate>
          <label className="form-label small fw-semibold" htmlFor={`${id}-reason`}>
            {t('complaints.actions.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="form-control form-control-sm mb-2"
            rows={2}
            required
            minLength={3}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {mutation.isError && <AdminError error={mutation.error} />}
          <button
            type="submit"
            className={`btn btn-sm ${chosen === 'ban' ? 'btn-danger' : 'btn-primary'}`}
            disabled={mutation.isPending || reason.trim().length < 3}
          >
            {t(`complaints.actions.${chosen}`)}
          </button>
        </form>
      )}
    </div>
  );
}
