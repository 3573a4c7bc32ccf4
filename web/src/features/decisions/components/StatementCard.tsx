import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEAL_TEXT_MAX, type StatementView } from '@app/contract';
import { sendAppeal } from '../api/decisions';

/** One statement of reasons: what, about which item, on which ground, and its appeal. */
export function StatementCard({
  statement,
  token,
  onAppealed,
}: {
  statement: StatementView;
  token: string | null;
  onAppealed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
  const titleId = `statement-${statement.id}`;
  // a photo's or text's rejection says its reason by code: the member reads the reason's text
  const reasonKey =
    statement.kind === 'photo_rejected'
      ? `photos.rejectReasons.${statement.explanation}`
      : statement.kind === 'text_rejected'
        ? `profileEditor.textRejected.reasons.${statement.explanation}`
        : null;
  const explanation =
    reasonKey !== null && i18n.exists(reasonKey) ? t(reasonKey) : statement.explanation;
  return (
    <article className="card border-0 shadow-sm rounded-4" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2 className="h5 mb-1" id={titleId}>
          {t(`decisions.kinds.${statement.kind}`)}
        </h2>
        <p className="text-body-secondary small mb-3">{date(statement.decided_at)}</p>
        <dl className="row mb-0 small">
          <dt className="col-sm-4">{t('decisions.item')}</dt>
          <dd className="col-sm-8">{t(`decisions.items.${statement.item}`)}</dd>
          <dt className="col-sm-4">{t('decisions.ground')}</dt>
          <dd className="col-sm-8">
            {t(`decisions.grounds.${statement.ground}`)}{' '}
            <a className="text-decoration-underline" href="/terms">
              {t('decisions.section', { section: statement.section })}
            </a>
          </dd>
          {explanation && (
            <>
              <dt className="col-sm-4">{t('decisions.explanation')}</dt>
              <dd className="col-sm-8">{explanation}</dd>
            </>
          )}
          <dt className="col-sm-4">{t('decisions.detection')}</dt>
          <dd className="col-sm-8">
            {t(statement.automated_detection ? 'decisions.automated' : 'decisions.manual')}
          </dd>
        </dl>
        {statement.reversed_at && (
          <p className="alert alert-success mt-3 mb-0">{t('decisions.reversed')}</p>
        )}
        {statement.appeal ? (
          <div className="mt-3 border-top pt-3">
            <h3 className="h6">{t('decisions.appealTitle')}</h3>
            <p className="small mb-1">{statement.appeal.text}</p>
            {statement.appeal.outcome ? (
              <p className="small mb-0">
                <strong>{t(`decisions.outcomes.${statement.appeal.outcome}`)}</strong>{' '}
                {statement.appeal.explanation}
              </p>
            ) : (
              <p className="small mb-0 text-body-secondary">
                {t('decisions.appealPending', { date: date(statement.appeal.due_at) })}
              </p>
            )}
          </div>
        ) : (
          statement.appeal_until && (
            <AppealForm
              statement={statement}
              token={token}
              until={date(statement.appeal_until)}
              onAppealed={onAppealed}
            />
          )
        )}
      </div>
    </article>
  );
}

function AppealForm({
  statement,
  token,
  until,
  onAppealed,
}: {
  statement: StatementView;
  token: string | null;
  until: string;
  onAppealed: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `appeal-${statement.id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await sendAppeal(token, statement.id, text);
      onAppealed();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('decisions.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="mt-3 border-top pt-3" onSubmit={submit} noValidate>
      <label className="form-label fw-semibold" htmlFor={id}>
        {t('decisions.appealLabel')}
      </label>
      <p className="small text-body-secondary" id={`${id}-help`}>
        {t('decisions.appealHelp', { date: until })}
      </p>
      <textarea
        id={id}
        className="form-control"
        rows={3}
        maxLength={APPEAL_TEXT_MAX}
        required
        aria-describedby={`${id}-help`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p className="text-danger small mt-2" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-2" disabled={busy || !text.trim()}>
        {t('decisions.appealSend')}
      </button>
    </form>
  );
}
