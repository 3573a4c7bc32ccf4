import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** After sending: thanks, what happens next, and the way back. */
export function ThankYou({
  complaint,
  email,
  profile,
}: {
  complaint: number;
  email: string | null;
  profile: number | null;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card border-0 shadow-sm rounded-4 complaint-done">
      <div className="card-body p-4 p-md-5 text-center">
        <div className="complaint-done__icon mx-auto mb-3" aria-hidden="true">
          ✓
        </div>
        <h1 className="h3 mb-2" ref={heading} tabIndex={-1}>
          {t('complaints.doneTitle')}
        </h1>
        <p className="text-body-secondary mb-4">{t('complaints.doneText', { id: complaint })}</p>
        <div className="text-start bg-body-tertiary rounded-4 p-3 p-md-4 mb-4">
          <h2 className="h6 fw-bold">{t('complaints.nextTitle')}</h2>
          <ol className="mb-0 ps-3 d-grid gap-2 small">
            <li>{t('complaints.nextReview')}</li>
            <li>{t('complaints.nextAction')}</li>
            <li>{email ? t('complaints.nextVisitor', { email }) : t('complaints.nextMember')}</li>
          </ol>
        </div>
        <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center">
          {profile ? (
            <Link to={`/members/${profile}`} className="btn btn-primary rounded-pill px-4">
              {t('complaints.backToProfile')}
            </Link>
          ) : (
            <Link to="/" className="btn btn-primary rounded-pill px-4">
              {t('complaints.home')}
            </Link>
          )}
          {profile && (
            <Link to="/" className="btn btn-outline-primary rounded-pill px-4">
              {t('complaints.home')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
