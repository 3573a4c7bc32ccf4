import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AdminError } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';

/** A note as both lists give it: what was written, by which staff member, when. */
export interface NoteItem {
  id: number;
  body: string;
  author: string | null;
  at: string;
}

/**
 * A list of notes with a form to add one: the operators' notes on a member and the notes on one
 * conversation (the persona panel). `texts` are the translation keys of the section's title, its
 * empty line, the field's label and the button; `onSave` stores a note (trimmed) and resolves
 * when it is stored; the field is emptied then, and a refusal is shown under it.
 */
export function NotesSection({
  notes,
  texts,
  maxLength,
  onSave,
}: {
  notes: readonly NoteItem[];
  texts: { title: string; none: string; add: string; save: string };
  maxLength: number;
  onSave: (body: string) => Promise<unknown>;
}) {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const save = useMutation({
    mutationFn: () => onSave(note.trim()),
    onSuccess: () => setNote(''),
  });
  return (
    <section className="card card-body" aria-labelledby={`${id}-notes`}>
      <h2 className="h6" id={`${id}-notes`}>
        {t(texts.title)}
      </h2>
      {notes.length === 0 ? (
        <p className="small text-body-secondary">{t(texts.none)}</p>
      ) : (
        <ul className="list-unstyled small">
          {notes.map((n) => (
            <li key={n.id} className="mb-2">
              <span className="text-break">{n.body}</span>
              <span className="d-block text-body-secondary">
                {n.author ?? '—'} · {when.format(new Date(n.at))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim()) save.mutate();
        }}
      >
        <label className="form-label small fw-semibold" htmlFor={`${id}-note`}>
          {t(texts.add)}
        </label>
        <textarea
          id={`${id}-note`}
          className="form-control form-control-sm mb-2"
          rows={2}
          maxLength={maxLength}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {save.isError && <AdminError error={save.error} />}
        <button
          type="submit"
          className="btn btn-outline-primary btn-sm"
          disabled={!note.trim() || save.isPending}
        >
          {t(texts.save)}
        </button>
      </form>
    </section>
  );
}
