import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * The button that sends a form's request: disabled, with a spinner (and `busyLabel` when given),
 * while the request is under way. `type="button"` for an action without a form.
 */
export function SubmitButton({
  busy,
  busyLabel,
  type = 'submit',
  disabled,
  children,
  ...button
}: {
  busy: boolean;
  busyLabel?: ReactNode;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} disabled={busy || disabled} {...button}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
