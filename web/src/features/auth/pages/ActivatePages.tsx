import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { userQueryKey, useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { ActivationMailActions } from '../components/ActivationMailActions';

/** /activate/done: the e-mail address is confirmed. */
export function ActivateDonePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.activateDone'));
  const queryClient = useQueryClient();
  // the member's status changed on the server: fetch the user again
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [queryClient]);
  return (
    <AuthCard title={t('activate.doneTitle')} icon="✅">
      <p className="text-center text-body-secondary mb-4">{t('activate.doneText')}</p>
      <div className="text-center">
        <Link to="/members" className="btn btn-primary rounded-pill px-4">
          {t('activate.toMembers')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** /activate/error: the activation link did not work. */
export function ActivateErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.activateError'));
  const { support_email: supportEmail } = useSettings();
  const { user } = useUser();
  return (
    <AuthCard title={t('activate.errorTitle')} icon="⚠️">
      <p className="text-center text-body-secondary mb-3">{t('activate.errorText')}</p>
      <p className="text-center mb-4">
        {t('activate.errorHelp')}{' '}
        <a href={`mailto:${supportEmail}`} className="fw-semibold text-break">
          {supportEmail}
        </a>
      </p>
      {user && user.status === 'not_confirmed' && (
        <div className="bg-body-tertiary rounded-3 p-3">
          <ActivationMailActions />
        </div>
      )}
    </AuthCard>
  );
}
