import type { ReactNode } from 'react';

/**
 * A member the viewer may not see (who viewed their profile, who liked them: for free members
 * premium's): a silhouette drawn here and blurred, with a title and one line of what may be said
 * (a day). Nothing of the member reaches the browser (the server sends no id, name or photo), so
 * the blur hides nothing real.
 */
export function BlurredMemberCard({
  title,
  detail,
  index,
  badge,
  testId,
}: {
  title: string;
  detail: string;
  /** The card's place in its list: the silhouettes take turns in four colours. */
  index: number;
  badge?: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="card border-0 shadow-sm rounded-4 h-100 position-relative blurred-card"
      data-testid={testId}
    >
      <div className={`blurred-card__media rounded-top-4 blurred-card__media--tone-${index % 4}`}>
        <svg viewBox="0 0 100 120" aria-hidden="true" focusable="false">
          <circle cx="50" cy="44" r="22" />
          <ellipse cx="50" cy="112" rx="38" ry="30" />
        </svg>
      </div>
      {badge}
      <div className="card-body p-3">
        <div className="fw-bold">{title}</div>
        <div className="small text-body-secondary">{detail}</div>
      </div>
    </div>
  );
}
