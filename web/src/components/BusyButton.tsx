import type { ButtonHTMLAttributes } from 'react';

/** A button that is disabled and shows a spinner while its request is under way. */
export function BusyButton({
  busy,
  type = 'submit',
  children,
  ...button
}: { busy: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} disabled={busy} {...button}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
