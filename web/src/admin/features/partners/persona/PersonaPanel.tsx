import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANNED_REPLY_MAX,
  CANNED_REPLY_PLACEHOLDERS,
  CANNED_REPLY_TITLE_MAX,
  CONVERSATION_NOTE_MAX,
  PERSONA_BACKSTORY_MAX,
  PERSONA_FACT_MAX,
  PERSONA_STYLE_MAX,
  SUPPORTED_LANGUAGES,
  type CannedReplyRequest,
  type Language,
  type PersonaPanelResponse,
  type PersonaSheet,
} from '@app/contract';
import { AdminError, AdminLoading } from '../../../shared/components';
import { NotesSection } from '../components/NotesSection';
import { useAdminTranslation } from '../../../shared/i18n';
import { staffMeQueryOptions } from '../../../shared/api';
import {
  addConversationNote,
  addPersonaFact,
  createCannedReply,
  deleteCannedReply,
  personaPanelKey,
  personaPanelQueryOptions,
  removePersonaFact,
  withCannedReply,
  writePersona,
} from '../api/personas';

/**
 * Beside a conversation with a chat partner: the partner as one person. Its persona sheet
 * (backstory and writing style, which admins write; the facts it has told, which operators
 * note), the notes on this conversation (what was said, by whom and when), and its canned
 * replies in the member's language, filled with the member's name and city: one click puts
 * one into the reply box (`onInsert`), where it can be edited before it is sent.
 */
export function PersonaPanel({
  conversationId,
  onInsert,
  replyBoxId,
}: {
  conversationId: number;
  /** The reply box's state setter: a canned reply is added to what it holds. */
  onInsert: Dispatch<SetStateAction<string>>;
  /** The reply box's id: focused after an insert, to edit and send. */
  replyBoxId?: string;
}) {
  const query = useQuery({ ...personaPanelQueryOptions(conversationId), retry: false });
  if (query.isPending) return <AdminLoading />;
  if (query.isError) {
    return <AdminError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const panel = query.data;
  return (
    <div className="d-flex flex-column gap-3 admin-persona">
      <Sheet conversationId={conversationId} persona={panel.persona} />
      <Notes conversationId={conversationId} notes={panel.notes} />
      <Replies
        conversationId={conversationId}
        panel={panel}
        onInsert={(text) => {
          onInsert((current) => withCannedReply(current, text));
          if (replyBoxId) document.getElementById(replyBoxId)?.focus();
        }}
      />
    </div>
  );
}

/** The panel's answer changed by one of its mutations: kept in the query's cache. */
function usePanelUpdate(conversationId: number) {
  const queryClient = useQueryClient();
  return (change: (panel: PersonaPanelResponse) => PersonaPanelResponse) =>
    queryClient.setQueryData<PersonaPanelResponse>(personaPanelKey(conversationId), (panel) =>
      panel ? change(panel) : panel,
    );
}

// ------------------------------------------------------------------ the persona sheet

function Sheet({ conversationId, persona }: { conversationId: number; persona: PersonaSheet }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const me = useQuery(staffMeQueryOptions());
  const isAdmin = me.data?.staff?.roles.includes('admin') ?? false;
  const update = usePanelUpdate(conversationId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({
    backstory: persona.backstory,
    writing_style: persona.writing_style,
  });
  const [fact, setFact] = useState('');
  const onSheet = (data: { persona: PersonaSheet }) =>
    update((panel) => ({ ...panel, persona: data.persona }));
  const save = useMutation({
    mutationFn: () => writePersona(persona.partner.id, draft),
    onSuccess: (data) => {
      onSheet(data);
      setEditing(false);
    },
  });
  const addFact = useMutation({
    mutationFn: () => addPersonaFact(persona.partner.id, fact.trim()),
    onSuccess: (data) => {
      onSheet(data);
      setFact('');
    },
  });
  const removeFact = useMutation({
    mutationFn: (factId: number) => removePersonaFact(persona.partner.id, factId),
    onSuccess: onSheet,
  });
  const submitFact = (event: FormEvent) => {
    event.preventDefault();
    if (fact.trim()) addFact.mutate();
  };
  return (
    <section className="card card-body" aria-labelledby={`${id}-sheet`}>
      <h2 className="h6" id={`${id}-sheet`}>
        {t('persona.sheet.title', { name: persona.partner.name })}
      </h2>
      <p className="small text-body-secondary mb-2">🎭 {t('persona.sheet.fictional')}</p>
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <label className="form-label small fw-semibold" htmlFor={`${id}-backstory`}>
            {t('persona.sheet.backstory')}
          </label>
          <textarea
            id={`${id}-backstory`}
            className="form-control form-control-sm mb-2"
            rows={5}
            maxLength={PERSONA_BACKSTORY_MAX}
            value={draft.backstory}
            onChange={(event) => setDraft({ ...draft, backstory: event.target.value })}
          />
          <label className="form-label small fw-semibold" htmlFor={`${id}-style`}>
            {t('persona.sheet.style')}
          </label>
          <textarea
            id={`${id}-style`}
            className="form-control form-control-sm mb-2"
            rows={3}
            maxLength={PERSONA_STYLE_MAX}
            value={draft.writing_style}
            onChange={(event) => setDraft({ ...draft, writing_style: event.target.value })}
          />
          {save.isError && <AdminError error={save.error} />}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
              {t('persona.sheet.save')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => setEditing(false)}
            >
              {t('persona.sheet.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <h3 className="small fw-semibold mb-1">{t('persona.sheet.backstory')}</h3>
          <p className="small text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {persona.backstory || t('persona.sheet.empty')}
          </p>
          <h3 className="small fw-semibold mb-1">{t('persona.sheet.style')}</h3>
          <p className="small text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {persona.writing_style || t('persona.sheet.empty')}
          </p>
          {isAdmin && (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm align-self-start mb-2"
              onClick={() => {
                setDraft({ backstory: persona.backstory, writing_style: persona.writing_style });
                setEditing(true);
              }}
            >
              {t('persona.sheet.edit')}
            </button>
          )}
        </>
      )}
      <h3 className="small fw-semibold mb-1">{t('persona.facts.title')}</h3>
      {persona.facts.length === 0 ? (
        <p className="small text-body-secondary">{t('persona.facts.none')}</p>
      ) : (
        <ul className="small ps-3">
          {persona.facts.map((f) => (
            <li key={f.id} className="mb-1">
              <span className="text-break">{f.body}</span>{' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                aria-label={t('persona.facts.remove', { fact: f.body })}
                disabled={removeFact.isPending}
                onClick={() => removeFact.mutate(f.id)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submitFact}>
        <label className="form-label small fw-semibold" htmlFor={`${id}-fact`}>
          {t('persona.facts.add')}
        </label>
        <div className="input-group input-group-sm">
          <input
            id={`${id}-fact`}
            className="form-control"
            maxLength={PERSONA_FACT_MAX}
            value={fact}
            onChange={(event) => setFact(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn-outline-primary"
            disabled={!fact.trim() || addFact.isPending}
          >
            {t('persona.facts.save')}
          </button>
        </div>
        {(addFact.isError || removeFact.isError) && (
          <AdminError error={addFact.error ?? removeFact.error} />
        )}
      </form>
    </section>
  );
}

// ------------------------------------------------------------------ notes on this conversation

function Notes({
  conversationId,
  notes,
}: {
  conversationId: number;
  notes: PersonaPanelResponse['notes'];
}) {
  const update = usePanelUpdate(conversationId);
  return (
    <NotesSection
      notes={notes}
      texts={CONVERSATION_NOTE_TEXTS}
      maxLength={CONVERSATION_NOTE_MAX}
      onSave={async (body) => {
        const { notes: stored } = await addConversationNote(conversationId, body);
        update((panel) => ({ ...panel, notes: stored }));
      }}
    />
  );
}

/** The translation keys of the notes on one conversation. */
const CONVERSATION_NOTE_TEXTS = {
  title: 'persona.notes.title',
  none: 'persona.notes.none',
  add: 'persona.notes.add',
  save: 'persona.notes.save',
};

// ------------------------------------------------------------------ canned replies

function Replies({
  conversationId,
  panel,
  onInsert,
}: {
  conversationId: number;
  panel: PersonaPanelResponse;
  onInsert: (text: string) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const partnerId = panel.persona.partner.id;
  const empty = (): CannedReplyRequest => ({
    language: panel.language,
    title: '',
    body: '',
  });
  const [draft, setDraft] = useState<CannedReplyRequest>(empty);
  const reload = () =>
    void queryClient.invalidateQueries({ queryKey: personaPanelKey(conversationId) });
  const create = useMutation({
    mutationFn: () =>
      createCannedReply(partnerId, {
        ...draft,
        title: draft.title.trim(),
        body: draft.body.trim(),
      }),
    onSuccess: () => {
      setDraft(empty());
      reload();
    },
  });
  const remove = useMutation({
    mutationFn: (replyId: number) => deleteCannedReply(replyId),
    onSuccess: reload,
  });
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const language = (code: string) => names.of(code) ?? code;
  return (
    <section className="card card-body" aria-labelledby={`${id}-replies`}>
      <h2 className="h6" id={`${id}-replies`}>
        {t('persona.replies.title', { language: language(panel.language) })}
      </h2>
      {panel.replies.length === 0 ? (
        <p className="small text-body-secondary">{t('persona.replies.none')}</p>
      ) : (
        <ul className="list-unstyled small">
          {panel.replies.map((reply) => (
            <li key={reply.id} className="mb-2 border-bottom pb-2">
              <strong className="d-block">{reply.title}</strong>
              <span className="d-block text-break mb-1">{reply.text}</span>
              {reply.missing.length > 0 && (
                <span className="d-block text-warning-emphasis mb-1">
                  {t('persona.replies.missing', {
                    fields: reply.missing.map((m) => t(`persona.replies.fields.${m}`)).join(', '),
                  })}
                </span>
              )}
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  aria-label={t('persona.replies.insertNamed', { title: reply.title })}
                  onClick={() => onInsert(reply.text)}
                >
                  {t('persona.replies.insert')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('persona.replies.deleteNamed', { title: reply.title })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(reply.id)}
                >
                  {t('persona.replies.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <AdminError error={remove.error} />}
      <details>
        <summary className="small fw-semibold">{t('persona.replies.new')}</summary>
        <form
          className="mt-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.title.trim() && draft.body.trim()) create.mutate();
          }}
        >
          <label className="form-label small fw-semibold" htmlFor={`${id}-title`}>
            {t('persona.replies.titleField')}
          </label>
          <input
            id={`${id}-title`}
            className="form-control form-control-sm mb-2"
            maxLength={CANNED_REPLY_TITLE_MAX}
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
          <label className="form-label small fw-semibold" htmlFor={`${id}-language`}>
            {t('persona.replies.language')}
          </label>
          <select
            id={`${id}-language`}
            className="form-select form-select-sm mb-2"
            value={draft.language}
            onChange={(event) => setDraft({ ...draft, language: event.target.value as Language })}
          >
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {language(code)}
              </option>
            ))}
          </select>
          <label className="form-label small fw-semibold" htmlFor={`${id}-body`}>
            {t('persona.replies.body')}
          </label>
          <textarea
            id={`${id}-body`}
            className="form-control form-control-sm mb-1"
            rows={3}
            maxLength={CANNED_REPLY_MAX}
            aria-describedby={`${id}-hint`}
            value={draft.body}
            onChange={(event) => setDraft({ ...draft, body: event.target.value })}
          />
          <p className="small text-body-secondary mb-2" id={`${id}-hint`}>
            {t('persona.replies.hint')}{' '}
            {CANNED_REPLY_PLACEHOLDERS.map((name) => (
              <code key={name} className="me-1">{`{${name}}`}</code>
            ))}
          </p>
          {create.isError && <AdminError error={create.error} />}
          <button
            type="submit"
            className="btn btn-outline-primary btn-sm"
            disabled={!draft.title.trim() || !draft.body.trim() || create.isPending}
          >
            {t('persona.replies.save')}
          </button>
        </form>
      </details>
    </section>
  );
}
