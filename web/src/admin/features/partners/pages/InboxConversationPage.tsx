import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPERATOR_NOTE_MAX,
  type InboxConversation,
  type InboxConversationResponse,
} from '@app/contract';
import { ApiError } from '../../../../api/client';
import { useKeyedCall } from '../../../../api/idempotency';
import { AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { staffMeQueryOptions } from '../../../shared/api';
import {
  addNote,
  CLAIMED,
  conversationQueryOptions,
  inboxKey,
  openConversation,
  replyInConversation,
  setVulnerable,
  takeOverConversation,
} from '../api/partners';
import { FictionalBadge } from './FictionalBadge';
import { ComposerExtras, NextConversationButton } from '../operator-tools';
import { PersonaPanel } from '../persona/PersonaPanel';
import { NotesSection } from '../components/NotesSection';

/** The translation keys of the operators' notes on the member. */
const MEMBER_NOTE_TEXTS = {
  title: 'partners.notes.title',
  none: 'partners.notes.none',
  add: 'partners.notes.add',
  save: 'partners.notes.save',
};

/**
 * One conversation, locked to the operator while it is open: the member's public profile, the
 * whole conversation (a question whether a real person writes highlighted, with the honest
 * answer ready to send), the warning for a vulnerable member, the notes of other operators,
 * and the reply sent as the chat partner. Opening takes the hold once (a mutation); the view is
 * then read without it, so the live reloads ('queue:changed') never keep an idle hold alive.
 */
export function InboxConversationPage() {
  const { t } = useAdminTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const me = useQuery(staffMeQueryOptions());
  const isAdmin = me.data?.staff?.roles.includes('admin') ?? false;
  const conversationQuery = conversationQueryOptions(id);
  const show = (data: InboxConversationResponse) =>
    queryClient.setQueryData(conversationQuery.queryKey, data);
  const open = useMutation({ mutationFn: () => openConversation(id), onSuccess: show });
  const takeOver = useMutation({ mutationFn: () => takeOverConversation(id), onSuccess: show });
  // a claim ("next conversation") took the hold and left its answer in the cache
  const claimed = (useLocation().state as typeof CLAIMED | null)?.held === CLAIMED.held;
  const { mutate: takeHold } = open;
  useEffect(() => {
    if (!claimed) takeHold();
  }, [takeHold, claimed, id]);
  const held = claimed || open.isSuccess || takeOver.isSuccess;
  const query = useQuery({ ...conversationQuery, enabled: held });
  const failed = query.error ?? (takeOver.isSuccess ? null : open.error);
  const locked = failed instanceof ApiError && failed.code === 'conversation_locked';
  return (
    <AdminPage
      title={t('partners.conversation.title')}
      actions={
        <div className="d-flex flex-wrap align-items-start gap-2">
          <Link to="/admin/inbox" className="btn btn-outline-secondary btn-sm">
            ← {t('partners.conversation.back')}
          </Link>
          <NextConversationButton />
        </div>
      }
    >
      {locked ? (
        <div className="alert alert-warning" role="alert">
          <p className="mb-2">{t('partners.lock.taken')}</p>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={open.isPending}
              onClick={() => open.mutate()}
            >
              {t('partners.lock.again')}
            </button>
            {isAdmin && (
              <button
                type="button"
                className="btn btn-warning btn-sm"
                disabled={takeOver.isPending}
                onClick={() => takeOver.mutate()}
              >
                {t('partners.lock.takeOver')}
              </button>
            )}
          </div>
        </div>
      ) : failed ? (
        <AdminError error={failed} onRetry={() => open.mutate()} />
      ) : query.data ? (
        <Conversation conversation={query.data.conversation} />
      ) : (
        <AdminLoading />
      )}
    </AdminPage>
  );
}

function Conversation({ conversation: c }: { conversation: InboxConversation }) {
  const { t, i18n } = useAdminTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [notes, setNotes] = useState(c.notes);
  const [flag, setFlag] = useState({ flagged: c.vulnerable.flagged, reason: c.vulnerable.reason });
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // in braces: Chromium's scrollIntoView returns a promise, which React would take for a clean-up
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [c.messages.length]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const reload = () => void queryClient.invalidateQueries({ queryKey: inboxKey });
  // one key per intended reply: the same text again after a failure repeats it, an edited text
  // is another reply with a new key
  const reply = useKeyedCall((body: string, key: string) =>
    replyInConversation(c.conversation_id, body, key),
  );
  const send = useMutation({
    mutationFn: reply,
    onSuccess: () => {
      setText('');
      reload();
    },
  });
  const toggleFlag = useMutation({
    mutationFn: () => setVulnerable(c.member.user_id, { flagged: !flag.flagged }),
    onSuccess: (data) => setFlag(data),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate(text.trim());
  };
  return (
    <div className="row g-3">
      <div className="col-12 col-lg-8">
        {(flag.flagged || c.vulnerable.keywords) && (
          <div className="alert alert-danger" role="alert">
            <strong className="d-block">⚠️ {t('partners.vulnerable.title')}</strong>
            {t('partners.vulnerable.text')}
            {flag.reason && <span className="d-block small mt-1">{flag.reason}</span>}
          </div>
        )}
        {c.asks_real && (
          <div className="alert alert-warning admin-honesty" role="alert">
            <strong className="d-block">{t('partners.honesty.asks')}</strong>
            <p className="mb-2">{t('partners.honesty.explain')}</p>
            <button
              type="button"
              className="btn btn-warning btn-sm"
              onClick={() => setText(c.honest_answer)}
            >
              {t('partners.honesty.use')}
            </button>
          </div>
        )}
        <section className="card" aria-labelledby={`${formId}-chat`}>
          <div className="card-header d-flex flex-wrap gap-2 align-items-center">
            <h2 className="h6 mb-0 me-auto" id={`${formId}-chat`}>
              {t('partners.inbox.pair', { member: c.member.name, partner: c.partner.name })}
            </h2>
            <FictionalBadge />
            <span className="small text-body-secondary">
              🔒 {t('partners.lock.until', { time: when.format(new Date(c.lock.expires_at)) })}
            </span>
          </div>
          <ol className="list-unstyled card-body admin-chat mb-0">
            {c.messages.map((m, index) => (
              <li
                key={m.id}
                ref={index === c.messages.length - 1 ? end : undefined}
                className={`admin-chat__message admin-chat__message--${m.from}${
                  m.asks_real ? ' admin-chat__message--asks-real' : ''
                }`}
              >
                <span className="small text-body-secondary d-block">
                  {m.from === 'member' ? c.member.name : c.partner.name} ·{' '}
                  {when.format(new Date(m.at))}
                  {m.operator && ` · ${t('partners.conversation.by', { name: m.operator })}`}
                </span>
                <span className="text-break">{m.text ?? t(`partners.conversation.${m.type}`)}</span>
                {m.asks_real && (
                  <strong className="d-block small">⚠️ {t('partners.honesty.asks')}</strong>
                )}
              </li>
            ))}
          </ol>
          <form className="card-footer" onSubmit={submit}>
            <label className="form-label small fw-semibold" htmlFor={`${formId}-reply`}>
              {t('partners.conversation.replyAs', { name: c.partner.name })}
            </label>
            <textarea
              id={`${formId}-reply`}
              className="form-control mb-2"
              rows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {send.isError && <AdminError error={send.error} />}
            <button
              type="submit"
              className="btn btn-primary"
              disabled={send.isPending || !text.trim()}
            >
              {t('partners.conversation.send')}
            </button>
            <ComposerExtras conversation={c} />
          </form>
        </section>
      </div>
      <aside className="col-12 col-lg-4 d-flex flex-column gap-3">
        <section className="card card-body" aria-labelledby={`${formId}-member`}>
          <h2 className="h6" id={`${formId}-member`}>
            {t('partners.member.title')}
          </h2>
          {c.member.photo && (
            <img
              src={c.member.photo}
              alt=""
              className="img-fluid rounded mb-2 admin-member-photo"
            />
          )}
          <p className="mb-1 fw-semibold">
            {c.member.name}, {c.member.age}
          </p>
          <p className="mb-1 small">{c.member.city ?? '—'}</p>
          <p className="mb-2 small text-break">{c.member.about ?? t('partners.member.noAbout')}</p>
          <button
            type="button"
            className={`btn btn-sm ${flag.flagged ? 'btn-outline-secondary' : 'btn-outline-danger'}`}
            onClick={() => toggleFlag.mutate()}
            disabled={toggleFlag.isPending}
          >
            {flag.flagged ? t('partners.vulnerable.unflag') : t('partners.vulnerable.flag')}
          </button>
        </section>
        <NotesSection
          notes={notes}
          texts={MEMBER_NOTE_TEXTS}
          maxLength={OPERATOR_NOTE_MAX}
          onSave={async (body) => setNotes((await addNote(c.member.user_id, body)).notes)}
        />
        <PersonaPanel
          conversationId={c.conversation_id}
          onInsert={setText}
          replyBoxId={`${formId}-reply`}
        />
      </aside>
    </div>
  );
}
