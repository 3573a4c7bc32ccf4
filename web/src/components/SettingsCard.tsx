import { useId, type ReactNode } from 'react';

/**
 * A titled card of the settings pages (account settings, notification preferences): a region
 * named by its title, so equal field labels stay apart; an optional line under the title.
 */
export function SettingsCard({
  title,
  id,
  intro,
  className = '',
  children,
}: {
  title: string;
  id?: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`card border-0 shadow-sm rounded-4 h-100 ${className}`.trim()}
      id={id}
      aria-labelledby={headingId}
    >
      <div className="card-body p-4">
        <h2 className={`h5 ${intro ? 'mb-1' : 'mb-3'}`} id={headingId}>
          {title}
        </h2>
        {intro && <p className="text-body-secondary small mb-3">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
