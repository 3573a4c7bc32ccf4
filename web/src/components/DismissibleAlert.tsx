import { useState, type ReactNode } from 'react';

function stored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * A dismissal kept in localStorage under `key` (SPEC point 2: alerts are dismissible with the
 * dismissal remembered). A key that names the state (reasons, photo status) tells a new state
 * again. Without storage it holds for this page view only.
 */
export function useRememberedDismissal(key: string | null) {
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  const dismissed = key === null || dismissedNow === key || stored(key);
  const dismiss = () => {
    if (key === null) return;
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // storage unavailable: hidden for this page view only
    }
    setDismissedNow(key);
  };
  return { dismissed, dismiss };
}

/** The default layout's alert: an icon, a title, its content and a close button. */
export function DismissibleAlert({
  tone,
  icon,
  title,
  dismissLabel,
  onDismiss,
  className = '',
  testId,
  children,
}: {
  tone: 'warning' | 'info' | 'primary';
  icon: string;
  title: string;
  dismissLabel: string;
  onDismiss: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="container mt-3">
      <section
        className={`alert alert-${tone} alert-dismissible shadow-sm rounded-4 mb-0 ${className}`.trim()}
        aria-label={title}
        data-testid={testId}
      >
        <div className="d-flex gap-3 align-items-start">
          <span className="fs-3 lh-1" aria-hidden="true">
            {icon}
          </span>
          <div className="flex-grow-1">
            <strong className="d-block mb-1">{title}</strong>
            {children}
          </div>
        </div>
        <button type="button" className="btn-close" aria-label={dismissLabel} onClick={onDismiss} />
      </section>
    </div>
  );
}
