import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MODERATION_REASON_MAX,
  type ComplaintAction,
  type ComplaintDetailResponse,
  type LiveContent,
  type ModerationHistory,
  type ReportedContent,
} from '@app/contract';
import { AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { actOnComplaint, complaintQueryOptions, complaintsKey } from '../api';
import { MemberName, StateBadge } from '../components';

type Detail = ComplaintDetailResponse['complaint'];

/**
 * One complaint in context (moderators, admins): what the reporter wrote, the reported item as it
 * was then (the snapshot) beside how it is now (present, hidden or removed), both members'
 * histories, and the actions possible now, each with a reason (a ban asks to confirm). When
 * another staff member was first, the answer (409) says so and the page shows the new state.
 */
export function ComplaintPage() {
  const { t } = useAdminTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...complaintQueryOptions(valid ? id : 0), enabled: valid });
  const title = t('complaints.detailTitle', { id: valid ? id : '?' });
  const back = (
    <Link to="/admin/complaints" className="btn btn-sm btn-outline-secondary">
      ← {t('complaints.back')}
    </Link>
  );
  if (!valid || query.isError) {
    return (
      <AdminPage title={title} actions={back}>
        <AdminError
          error={query.error ?? new Error(t('complaints.notFound'))}
          onRetry={valid ? () => void query.refetch() : undefined}
        />
      </AdminPage>
    );
  }
  if (query.isPending) {
    return (
      <AdminPage title={title} actions={back}>
        <AdminLoading />
      </AdminPage>
    );
  }
  const { complaint, reporter_history: reporter, reported_history: reported } = query.data;
  return (
    <AdminPage title={title} intro={complaint.subject} actions={back}>
      <div className="row g-3">
        <div className="col-12 col-lg-7 d-flex flex-column gap-3">
          <ReportCard complaint={complaint} />
          <ContentCard complaint={complaint} />
        </div>
        <div className="col-12 col-lg-5 d-flex flex-column gap-3">
          <ActionsCard complaint={complaint} />
          {reported && <HistoryCard title={t('complaints.reportedHistory')} history={reported} />}
          {reporter && <HistoryCard title={t('complaints.reporterHistory')} history={reporter} />}
        </div>
      </div>
    </AdminPage>
  );
}

function useWhen() {
  const { i18n } = useAdminTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}

function ReportCard({ complaint }: { complaint: Detail }) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  return (
    <section className="card" aria-labelledby={`report-${complaint.id}`}>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <h2 className="h5 mb-0 me-auto" id={`report-${complaint.id}`}>
            {t('complaints.report')}
          </h2>
          <StateBadge status={complaint.status} resolution={complaint.resolution} />
        </div>
        <dl className="admin-facts small mb-2">
          <dt>{t('complaints.aboutLabel')}</dt>
          <dd>{t(`complaints.about.${complaint.about}`)}</dd>
          <dt>{t('complaints.by')}</dt>
          <dd>
            {complaint.reporter ? (
              <MemberName member={complaint.reporter} />
            ) : (
              <>
                {complaint.reporter_name ?? '—'} ({t('complaints.visitor')})
                {complaint.reporter_email && (
                  <span className="d-block text-break">{complaint.reporter_email}</span>
                )}
              </>
            )}
          </dd>
          <dt>{t('complaints.reported')}</dt>
          <dd>
            {complaint.reported_member ? <MemberName member={complaint.reported_member} /> : '—'}
          </dd>
          <dt>{t('complaints.received')}</dt>
          <dd>{when(complaint.created_at)}</dd>
          {complaint.handled_at && (
            <>
              <dt>{t('complaints.handled')}</dt>
              <dd>
                {when(complaint.handled_at)}
                {complaint.handled_by &&
                  ` · ${complaint.handled_by.name ?? `#${complaint.handled_by.id}`}`}
              </dd>
            </>
          )}
        </dl>
        <blockquote className="admin-quote mb-0 text-break">
          {complaint.message || t('complaints.noMessage')}
        </blockquote>
      </div>
    </section>
  );
}

function ContentCard({ complaint }: { complaint: Detail }) {
  const { t } = useAdminTranslation();
  if (complaint.about === 'site') return null;
  return (
    <section className="card" aria-labelledby={`content-${complaint.id}`}>
      <div className="card-body">
        <h2 className="h5" id={`content-${complaint.id}`}>
          {t('complaints.content')}
        </h2>
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <h3 className="h6 text-body-secondary">{t('complaints.then')}</h3>
            <Snapshot snapshot={complaint.snapshot} photoUrl={complaint.snapshot_photo_url} />
          </div>
          <div className="col-12 col-md-6" data-testid="live-content">
            <h3 className="h6 text-body-secondary">{t('complaints.now')}</h3>
            <Live live={complaint.live} />
          </div>
        </div>
      </div>
    </section>
  );
}

function Snapshot({
  snapshot,
  photoUrl,
}: {
  snapshot: ReportedContent | null;
  photoUrl: string | null;
}) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  if (!snapshot) return <p className="text-body-secondary small">{t('complaints.noSnapshot')}</p>;
  return (
    <div className="admin-content">
      <div className="small fw-semibold mb-1">{snapshot.name}</div>
      {snapshot.kind === 'member' && (
        <p className="mb-0 text-break">{snapshot.about || t('complaints.emptyAbout')}</p>
      )}
      {snapshot.kind === 'message' && (
        <>
          <p className="mb-1 text-break">{snapshot.text ?? t('complaints.photoMessage')}</p>
          <div className="small text-body-secondary">{when(snapshot.sent_at)}</div>
        </>
      )}
      {snapshot.kind === 'photo' &&
        (photoUrl ? (
          <img className="admin-content__photo" src={photoUrl} alt={t('complaints.photoAlt')} />
        ) : (
          <p className="small text-body-secondary mb-0">{t('complaints.photoGone')}</p>
        ))}
    </div>
  );
}

function Live({ live }: { live: LiveContent | null }) {
  const { t } = useAdminTranslation();
  if (!live) return null;
  const badge = {
    present: 'text-bg-primary',
    hidden: 'text-bg-warning',
    removed: 'text-bg-secondary',
  }[live.state];
  return (
    <div className="admin-content">
      <span className={`badge ${badge} mb-2`}>{t(`complaints.live.${live.state}`)}</span>
      {live.photo?.url && live.state !== 'removed' && (
        <img className="admin-content__photo" src={live.photo.url} alt={t('complaints.photoAlt')} />
      )}
      {live.kind !== 'photo' && live.state !== 'removed' && (
        <p className="mb-0 text-break">
          {live.text ?? (live.kind === 'member' ? t('complaints.emptyAbout') : '—')}
        </p>
      )}
      {live.state === 'hidden' && (
        <p className="small text-body-secondary mb-0 mt-1">{t('complaints.hiddenNote')}</p>
      )}
    </div>
  );
}

const ACTION_STYLE: Record<ComplaintAction, string> = {
  dismiss: 'btn-outline-secondary',
  warn: 'btn-outline-dark',
  hide: 'btn-outline-primary',
  ban: 'btn-danger',
  unban: 'btn-outline-success',
};

function ActionsCard({ complaint }: { complaint: Detail }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ComplaintAction | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (action: ComplaintAction) =>
      actOnComplaint(complaint.id, { action, reason: reason.trim() }),
    onSuccess: (data) => {
      queryClient.setQueryData(complaintQueryOptions(complaint.id).queryKey, data);
      setChosen(null);
      setReason('');
      setConfirming(false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
  const choose = (action: ComplaintAction) => {
    mutation.reset();
    setChosen(action);
    setConfirming(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || reason.trim().length < 3) return;
    if (chosen === 'ban' && !confirming) {
      setConfirming(true);
      return;
    }
    mutation.mutate(chosen);
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${id}-title`}>
          {t('complaints.actions.title')}
        </h2>
        {mutation.isSuccess && (
          <div className="alert alert-success py-2" role="status">
            {t('complaints.actions.done')}
          </div>
        )}
        {complaint.actions.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('complaints.actions.none')}</p>
        ) : (
          <div
            className="d-flex flex-wrap gap-2"
            role="group"
            aria-label={t('complaints.actions.title')}
          >
            {complaint.actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`btn btn-sm ${ACTION_STYLE[action]}`}
                aria-pressed={chosen === action}
                onClick={() => choose(action)}
              >
                {t(`complaints.actions.${action}`)}
              </button>
            ))}
          </div>
        )}
        {chosen && (
          <form className="mt-3" onSubmit={submit} noValidate>
            <p className="small text-body-secondary mb-2">
              {t(`complaints.actions.${chosen}Help`)}
            </p>
            <label className="form-label small fw-semibold" htmlFor={`${id}-reason`}>
              {t('complaints.actions.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className="form-control form-control-sm mb-1"
              rows={3}
              required
              minLength={3}
              maxLength={MODERATION_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setConfirming(false);
              }}
              aria-describedby={`${id}-reason-help`}
            />
            <div id={`${id}-reason-help`} className="form-text mt-0 mb-2">
              {t('complaints.actions.reasonHelp')}
            </div>
            {confirming && (
              <div className="alert alert-danger py-2" role="alert">
                {t('complaints.actions.banConfirm', {
                  name: complaint.reported_member?.name ?? `#${complaint.reported_member?.user_id}`,
                })}
              </div>
            )}
            {mutation.isError && <AdminError error={mutation.error} />}
            <div className="d-flex gap-2">
              <button
                type="submit"
                className={`btn btn-sm ${chosen === 'ban' ? 'btn-danger' : 'btn-primary'}`}
                disabled={reason.trim().length < 3 || mutation.isPending}
              >
                {mutation.isPending
                  ? t('complaints.actions.working')
                  : confirming
                    ? t('complaints.actions.banYes')
                    : t(`complaints.actions.${chosen}Submit`)}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => {
                  setChosen(null);
                  setConfirming(false);
                  mutation.reset();
                }}
              >
                {t('complaints.actions.cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

function HistoryCard({ title, history }: { title: string; history: ModerationHistory }) {
  const { t } = useAdminTranslation();
  const when = useWhen();
  const by = (s: { id: number; name: string | null } | null) =>
    s ? (s.name ?? `#${s.id}`) : t('complaints.history.unknownStaff');
  return (
    <section className="card">
      <div className="card-body">
        <h2 className="h6 mb-1">{title}</h2>
        <div className="mb-2">
          <MemberName member={history.member} />
        </div>
        <ul className="list-inline small text-body-secondary mb-2">
          <li className="list-inline-item">
            {t('complaints.history.received', { count: history.complaints_received.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.made', { count: history.complaints_made.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.warnings', { count: history.warnings.length })}
          </li>
          <li className="list-inline-item">
            {t('complaints.history.bans', { count: history.bans.length })}
          </li>
        </ul>
        {history.bans.length + history.warnings.length === 0 ? null : (
          <ul className="list-unstyled small mb-2">
            {history.bans.map((ban) => (
              <li key={`b${ban.id}`} className="border-start border-danger border-3 ps-2 mb-1">
                <strong>{t('complaints.history.ban')}</strong> {when(ban.created_at)} · {by(ban.by)}
                : {ban.reason}
                {ban.lifted_at && (
                  <div className="text-body-secondary">
                    {t('complaints.history.lifted')} {when(ban.lifted_at)} · {by(ban.lifted_by)}
                    {ban.lift_reason && `: ${ban.lift_reason}`}
                  </div>
                )}
              </li>
            ))}
            {history.warnings.map((warning) => (
              <li key={`w${warning.id}`} className="border-start border-warning border-3 ps-2 mb-1">
                <strong>{t('complaints.history.warning')}</strong> {when(warning.created_at)} ·{' '}
                {by(warning.by)}: {warning.reason}
              </li>
            ))}
          </ul>
        )}
        {history.complaints_received.length > 0 && (
          <details>
            <summary className="small">{t('complaints.history.receivedList')}</summary>
            <ul className="list-unstyled small mt-1 mb-0">
              {history.complaints_received.map((c) => (
                <li key={c.id}>
                  <Link to={`/admin/complaints/${c.id}`}>
                    {t('complaints.number', { id: c.id })}
                  </Link>{' '}
                  {c.subject} · {t(`complaints.about.${c.about}`)} ·{' '}
                  {c.resolution
                    ? t(`complaints.resolution.${c.resolution}`)
                    : t(`complaints.status.${c.status}`)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
