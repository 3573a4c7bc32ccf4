import type { ReactNode } from 'react';

/**
 * What a field's `aria-describedby` points at: its error when it has one, else its hint. The
 * error takes the hint's place, so a screen reader reads the problem, not the rule, after a
 * refused submit.
 */
export function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** The error under a field, or else its hint; ids as `describedBy` names them. */
export function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | null;
  hint?: ReactNode;
}) {
  if (error) {
    return (
      <div id={`${id}-error`} className="invalid-feedback d-block">
        {error}
      </div>
    );
  }
  if (!hint) return null;
  return (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  );
}

/** The "*" after the label of a field that must be filled in (the control says `required`). */
export function RequiredMark({ show }: { show?: boolean }) {
  if (!show) return null;
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}
