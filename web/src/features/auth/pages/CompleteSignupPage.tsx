import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { ActivationMailActions } from '../components/ActivationMailActions';
import { readSignupEmail } from '../../../components/signup/signup-email';

/** After signup: the activation mail went out; resend it or correct the address. */
export function CompleteSignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.completeSignup'));
  const location = useLocation();
  const state = location.state as { email?: unknown; memberId?: unknown } | null;
  const memberId = typeof state?.memberId === 'number' ? state.memberId : null;
  const [email, setEmail] = useState<string | null>(() =>
    typeof state?.email === 'string' ? state.email : readSignupEmail(),
  );

  return (
    <AuthCard title={t('completeSignup.title')} icon="📬" wide>
      <p className="text-center lead mb-2">
        {email ? (
          <>
            {t('completeSignup.sentTo')} <strong className="text-break">{email}</strong>
          </>
        ) : (
          t('completeSignup.sentNoEmail')
        )}
      </p>
      <p className="text-center text-body-secondary mb-4">{t('completeSignup.instructions')}</p>
      <div className="bg-body-tertiary rounded-3 p-3 mb-4">
        <p className="small fw-semibold mb-2">{t('completeSignup.noMail')}</p>
        <ActivationMailActions email={email} onSent={setEmail} />
      </div>
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center">
        {memberId !== null ? (
          <Link to={`/members/${memberId}`} className="btn btn-primary rounded-pill px-4">
            {t('completeSignup.toMember')}
          </Link>
        ) : (
          <Link to="/signup-matches" className="btn btn-primary rounded-pill px-4">
            {t('completeSignup.toMatches')}
          </Link>
        )}
        <Link to="/members" className="btn btn-outline-primary rounded-pill px-4">
          {t('completeSignup.toMembers')}
        </Link>
      </div>
    </AuthCard>
  );
}
