/**
 * The catalogue forms' parts: a labelled field with its problem under it (tied to the control
 * by aria-describedby), the server's refusal turned into problems per field, and the small
 * conversions the forms need (a price typed as "19,95" to cents, an optional number).
 */
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../../api/client';
import { useAdminTranslation } from '../../../shared/i18n';

/** Problems per field path ('names.nl', 'price_cents'); '_' is the form's own. */
export type Problems = Record<string, string>;

/**
 * The problems of a refused change: a validation_failed answer's issues at their fields, a
 * refusal naming a field (409 code_taken on `code`) at that field, anything else at the form.
 */
export function problemsOf(error: unknown): Problems {
  if (error instanceof ApiError) {
    if (error.issues && error.issues.length > 0) {
      const found: Problems = {};
      for (const issue of error.issues) found[issue.field || '_'] ??= issue.message;
      return found;
    }
    return { [error.field ?? '_']: error.message };
  }
  return { _: error instanceof Error ? error.message : String(error) };
}

/** A form's problems: set from a refusal, cleared on a new try. */
export function useProblems() {
  const [problems, setProblems] = useState<Problems>({});
  return {
    problems,
    clear: () => setProblems({}),
    refused: (error: unknown) => setProblems(problemsOf(error)),
  };
}

/** What a control needs to be tied to its label's field: its id, validity and description. */
export function controlProps(id: string, problem?: string, hint?: boolean) {
  const described = [problem ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described || undefined,
  };
}

/** `base` with Bootstrap's invalid look when there is a problem. */
export const invalid = (base: string, problem?: string) => (problem ? `${base} is-invalid` : base);

export function Field({
  id,
  label,
  problem,
  hint,
  className = 'col-12 col-md-6',
  children,
}: {
  id: string;
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label fw-semibold" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}

export function FieldProblem({ id, problem }: { id: string; problem?: string }) {
  if (!problem) return null;
  return (
    <div className="invalid-feedback d-block" id={`${id}-error`}>
      {problem}
    </div>
  );
}

/** The form's own problem (not of one field), as an alert. */
export function FormProblem({ problem }: { problem?: string }) {
  if (!problem) return null;
  return (
    <div className="alert alert-danger mb-0" role="alert">
      {problem}
    </div>
  );
}

/** The problems not shown at a field of `fields`, for the form's alert. */
export function otherProblems(problems: Problems, fields: readonly string[]): string | undefined {
  const rest = Object.entries(problems).filter(
    ([field]) => !fields.some((name) => field === name || field.startsWith(`${name}.`)),
  );
  return rest.length > 0 ? rest.map(([, message]) => message).join(' ') : undefined;
}

/** The first problem of a field or of anything under it ('prices' shows 'prices.0.currency'). */
export function problemAt(problems: Problems, field: string): string | undefined {
  return (
    problems[field] ?? Object.entries(problems).find(([name]) => name.startsWith(`${field}.`))?.[1]
  );
}

/** "19,95" or "19.95" as 1995 cents; NaN when it is no amount (the server says so). */
export function toCents(text: string): number {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return NaN;
  return Math.round(Number(value) * 100);
}

/** Cents as the amount a form shows ("19.95"). */
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** A number field's text as a number, or null when it is empty. */
export function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** A price in a currency, in the staff member's language. */
export function formatPrice(language: string, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${fromCents(cents)} ${currency}`;
  }
}

/** The entries of `after` that differ from `before`: what a change (PATCH) sends. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]),
    ),
  );
}

/**
 * A form's one call: refused when one is on its way (a double click makes one item), its
 * refusal as problems per field, the list it changed read again on success.
 */
export function useSave<B, R>(
  call: (body: B) => Promise<R>,
  { list, onSaved }: { list: QueryKey; onSaved?: (answer: R) => void },
) {
  const queryClient = useQueryClient();
  const { problems, clear, refused } = useProblems();
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: list });
      onSaved?.(answer);
    },
    onError: refused,
  });
  return {
    problems,
    pending: mutation.isPending,
    /** The problem of a field or of anything under it. */
    problem: (field: string) => problemAt(problems, field),
    /** Sends `body` unless a call is on its way; whether it sent. */
    send: (body: B): boolean => {
      if (mutation.isPending) return false;
      clear();
      mutation.mutate(body);
      return true;
    },
  };
}

/**
 * A form that makes an item or changes one (`existing`): a new item sends everything, a change
 * only what differs from the item (nothing changed says so instead of sending).
 */
export function useItemSave<V extends Record<string, unknown>>({
  existing,
  create,
  change,
  list,
  onDone,
}: {
  existing: V | null;
  create: (values: V) => Promise<unknown>;
  change: (values: Partial<V>) => Promise<unknown>;
  list: QueryKey;
  onDone: () => void;
}) {
  const [nothing, setNothing] = useState(false);
  const save = useSave(
    (values: V | Partial<V>) => (existing ? change(values) : create(values as V)),
    {
      list,
      onSaved: onDone,
    },
  );
  const submit = (values: V) => {
    setNothing(false);
    if (!existing) {
      save.send(values);
      return;
    }
    const changed = changedFields(existing, values) as Partial<V>;
    if (Object.keys(changed).length === 0) setNothing(true);
    else save.send(changed);
  };
  return { ...save, nothing, submit };
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
>;

/** A labelled text (or number, date) input with its hint and problem. */
export function InputField({
  id,
  label,
  problem,
  hint,
  className,
  inputClassName = 'form-control',
  value,
  onChange,
  ...input
}: InputProps & {
  id: string;
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  className?: string;
  inputClassName?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} problem={problem} hint={hint} className={className}>
      <input
        {...input}
        {...controlProps(id, problem, Boolean(hint))}
        className={invalid(inputClassName, problem)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A labelled choice with its problem; `children` are its options. */
export function SelectField({
  id,
  label,
  problem,
  className,
  value,
  onChange,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  problem?: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} problem={problem} className={className}>
      <select
        {...select}
        {...controlProps(id, problem)}
        className={invalid('form-select', problem)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </Field>
  );
}

/** A labelled switch with its problem. */
export function SwitchField({
  id,
  label,
  problem,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  problem?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-check form-switch">
      <input
        {...controlProps(id, problem)}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}

/**
 * A form's foot: its submit button (busy while the call is on its way), an optional cancel,
 * what happened (`status`), and the problems not shown at a field.
 */
export function FormActions({
  pending,
  submitLabel,
  onCancel,
  status,
  problem,
}: {
  pending: boolean;
  submitLabel: string;
  onCancel?: () => void;
  status?: ReactNode;
  problem?: string;
}) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('catalogue.saving') : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={pending}
            onClick={onCancel}
          >
            {t('catalogue.cancel')}
          </button>
        )}
        {status && (
          <span className="text-success" role="status">
            {status}
          </span>
        )}
      </div>
      {problem && (
        <div className="mt-2">
          <FormProblem problem={problem} />
        </div>
      )}
    </>
  );
}

/**
 * The frame of a form that makes an item (a card with its title and the item's slug) or changes
 * one (in the item's card, without the slug, which never changes): its fields in a grid, its
 * foot with submit and cancel.
 */
export function ItemForm({
  isNew,
  title,
  slug,
  save,
  submitLabel,
  fields,
  onSubmit,
  onCancel,
  note,
  children,
}: {
  isNew: boolean;
  title: string;
  slug: { id: string; label: string; value: string; onChange: (value: string) => void };
  save: { pending: boolean; nothing: boolean; problems: Problems };
  submitLabel: string;
  fields: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <form
      className={isNew ? 'card card-body' : ''}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={title}
    >
      {isNew && <h2 className="h5">{title}</h2>}
      {note}
      <div className="row g-3">
        {isNew && (
          <InputField
            {...slug}
            problem={problemAt(save.problems, 'slug')}
            hint={t('catalogue.slugHint')}
            className="col-12 col-md-4"
            maxLength={40}
            autoComplete="off"
          />
        )}
        {children}
      </div>
      <FormActions
        pending={save.pending}
        submitLabel={submitLabel}
        onCancel={onCancel}
        status={save.nothing && t('catalogue.nothingChanged')}
        problem={otherProblems(save.problems, fields)}
      />
    </form>
  );
}
