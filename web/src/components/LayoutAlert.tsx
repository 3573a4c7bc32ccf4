import type { ReactNode } from 'react';

/**
 * An alert of the default layout (SPEC point 2: activation reminder, profile photo, push...):
 * an icon, a title naming the region, the alert's own text and actions, and a close button.
 */
export function LayoutAlert({
  tone,
  icon,
  title,
  dismissLabel,
  onDismiss,
  className = '',
  testId,
  children,
}: {
  tone: 'primary' | 'info' | 'warning';
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
