import type { InputHTMLAttributes } from 'react';

/** A labelled Bootstrap input with its hint, or its error message instead, underneath. */
export function FormField({
  id,
  label,
  error,
  hint,
  className = 'mb-3',
  ...input
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        hint && (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )
      )}
    </div>
  );
}
