import type { InputHTMLAttributes } from 'react';

/** A labelled Bootstrap input with its error message underneath. */
export function FormField({
  id,
  label,
  error,
  className = 'mb-3',
  ...input
}: {
  id: string;
  label: string;
  error?: string | null;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
