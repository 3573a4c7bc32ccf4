import type { ReactNode } from 'react';

/** The narrow card the account screens sit in. */
export function AuthCard({
  title,
  icon,
  children,
  wide,
}: {
  title: ReactNode;
  icon?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="container py-4 py-md-5">
      <div className={`auth-card mx-auto${wide ? ' auth-card--wide' : ''}`}>
        <div className="card border-0 shadow-sm rounded-4">
          <div className="card-body p-4 p-md-5">
            {icon && (
              <div className="auth-card__icon mx-auto mb-3" aria-hidden="true">
                {icon}
              </div>
            )}
            <h1 className="h3 mb-3 text-center">{title}</h1>
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}
