import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealOutcome, StaffAppeal } from '@app/contract';
import { staffMeQueryOptions } from '../../../shared/api';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { appealsKey, decideAppeal, fetchAppeals, transparencyUrl } from '../api/appeals';

/**
 * Appeals (moderators, admins): open appeals by deadline, each with the statement it is about;
 * who made the decision cannot decide the appeal (the server refuses it too). Admins also
 * download the transparency report of a period here.
 */
export function AppealsPage() {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(true);
  const query = useQuery({
    queryKey: [...appealsKey, open],
    queryFn: ({ signal }) => fetchAppeals(open, signal),
  });
  const me = useQuery(staffMeQueryOptions());
  const admin = me.data?.staff?.roles.includes('admin') ?? false;
  return (
    <AdminPage title={t('appeals.title')} intro={t('appeals.intro')}>
      <div className="btn-group mb-3" role="group" aria-label={t('appeals.states')}>
        {[true, false].map((value) => (
          <button
            key={String(value)}
            type="button"
            className={`btn btn-outline-primary${open === value ? ' active' : ''}`}
            aria-pressed={open === value}
            onClick={() => setOpen(value)}
          >
            {t(value ? 'appeals.open' : 'appeals.decided')}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.appeals.length === 0 ? (
        <AdminEmpty>{t('appeals.none')}</AdminEmpty>
      ) : (
        <div className="d-grid gap-3">
          {query.data.appeals.map((appeal) => (
            <AppealCard key={appeal.id} appeal={appeal} />
          ))}
        </div>
      )}
      {admin && <TransparencyExport />}
    </AdminPage>
  );
}

function AppealCard({ appeal }: { appeal: StaffAppeal }) {
  const { t, i18n } = useAdminTranslation();
  // the grounds as the member reads them (the site's catalogue)
  const { t: tMember } = useTranslation();
  const client = useQueryClient();
  const [explanation, setExplanation] = useState('');
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const mutation = useMutation({
    mutationFn: () => decideAppeal(appeal.id, { outcome, explanation }),
    onSuccess: () => client.invalidateQueries({ queryKey: appealsKey }),
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const s = appeal.statement;
  const id = `appeal-${appeal.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <article className="card" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h6" id={`${id}-title`}>
          {t('appeals.heading', {
            member: appeal.member.name ?? `#${appeal.member.user_id}`,
            kind: t(`appeals.kinds.${s.kind}`),
          })}
        </h2>
        <p className="small text-body-secondary mb-2">
          {t('appeals.meta', {
            ground: tMember(`decisions.grounds.${s.ground}`),
            section: s.section,
            by: s.decided_by ?? '—',
            due: date(appeal.due_at),
          })}
        </p>
        <p className="small mb-1">
          <strong>{t('appeals.reason')}</strong> {s.explanation}
        </p>
        <p className="small mb-2">
          <strong>{t('appeals.text')}</strong> {appeal.text}
        </p>
        {appeal.outcome ? (
          <p className="small mb-0">
            <strong>{t(`appeals.outcomes.${appeal.outcome}`)}</strong> {appeal.explanation} (
            {appeal.decided_by})
          </p>
        ) : appeal.decidable ? (
          <form onSubmit={submit} className="d-grid gap-2">
            <fieldset className="d-flex gap-3">
              <legend className="visually-hidden">{t('appeals.outcome')}</legend>
              {(['upheld', 'reversed'] as const).map((value) => (
                <div className="form-check" key={value}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${id}-outcome`}
                    id={`${id}-${value}`}
                    checked={outcome === value}
                    onChange={() => setOutcome(value)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${value}`}>
                    {t(`appeals.outcomes.${value}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label className="form-label small mb-0" htmlFor={`${id}-explanation`}>
              {t('appeals.explanation')}
            </label>
            <textarea
              id={`${id}-explanation`}
              className="form-control"
              rows={2}
              value={explanation}
              onChange={(e) => setExplanation(e.target.value)}
            />
            {mutation.isError && (
              <p className="text-danger small mb-0" role="alert">
                {mutation.error.message}
              </p>
            )}
            <div>
              <button
                type="submit"
                className="btn btn-primary btn-sm"
                disabled={mutation.isPending || !explanation.trim()}
              >
                {t('appeals.decide')}
              </button>
            </div>
          </form>
        ) : (
          <p className="small text-body-secondary mb-0">{t('appeals.notYours')}</p>
        )}
      </div>
    </article>
  );
}

function TransparencyExport() {
  const { t } = useAdminTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  return (
    <section className="card mt-4" aria-labelledby="transparency-title">
      <div className="card-body">
        <h2 className="h6" id="transparency-title">
          {t('appeals.transparency.title')}
        </h2>
        <p className="small text-body-secondary">{t('appeals.transparency.intro')}</p>
        <div className="row g-2 align-items-end">
          <div className="col-auto">
            <label className="form-label small" htmlFor="transparency-from">
              {t('appeals.transparency.from')}
            </label>
            <input
              id="transparency-from"
              type="date"
              className="form-control"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="col-auto">
            <label className="form-label small" htmlFor="transparency-to">
              {t('appeals.transparency.to')}
            </label>
            <input
              id="transparency-to"
              type="date"
              className="form-control"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <div className="col-auto">
            <a className="btn btn-outline-primary" href={transparencyUrl(from, to)} download>
              {t('appeals.transparency.download')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
