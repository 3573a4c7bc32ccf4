import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmMailChange } from '../../../api/account';
import { serverErrorText } from '../../../api/server-error';
import { useUser } from '../../../api/user';
import { ServerErrorAlert } from '../../../components/form';
import { usePageTitle } from '../../../components/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';

/**
 * /mail-change/do?token=...: confirms the new address as soon as the page opens. A query (not a
 * mutation in an effect) so the token is posted once, even when the effect runs twice.
 */
export function MailChangeDoPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.mailChangeDo'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useUser();
  const query = useQuery({
    queryKey: ['mail-change-do', token],
    queryFn: () => confirmMailChange(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (token && query.isPending) {
    return (
      <AuthCard title={t('mailChange.confirmTitle')} icon="✉️">
        <div className="text-center py-3" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      </AuthCard>
    );
  }

  if (query.isSuccess) {
    return (
      <AuthCard title={t('mailChange.doneTitle')} icon="✅">
        <p className="text-center text-body-secondary mb-4" role="status">
          {t('mailChange.doneText', { email: query.data?.email ?? '' })}
        </p>
        <div className="text-center">
          <Link to={user ? '/members' : '/login'} className="btn btn-primary rounded-pill px-4">
            {user ? t('mailChange.toMembers') : t('reset.toLogin')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('mailChange.errorTitle')} icon="⚠️">
      <ServerErrorAlert
        className="text-center"
        message={token ? serverErrorText(query.error, t) : t('errors.reset_link_invalid')}
      />
      <div className="text-center">
        <Link to={user ? '/account' : '/login'} className="btn btn-primary rounded-pill px-4">
          {user ? t('account.title') : t('reset.toLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
