import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StaticPage } from '../components/StaticPage';

/**
 * The ban policy (footer link "Blokkeerbeleid"). A banned member's tab lands here
 * (`?account=banned`: the socket's `account:banned`, or the login's 403 account_banned) and
 * reads first that the account is banned.
 */
export function BanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const banned = params.get('account') === 'banned';
  return (
    <StaticPage
      page="ban"
      titleKey={banned ? 'staticPages.bannedTitle' : 'pages.ban'}
      testId="ban-page"
      heading={banned ? t('staticPages.bannedTitle') : undefined}
      lead={
        banned ? (
          <div className="alert alert-danger d-flex gap-3 my-3" role="alert">
            <span className="fs-3" aria-hidden="true">
              🚫
            </span>
            <p className="mb-0">{t('staticPages.bannedText')}</p>
          </div>
        ) : null
      }
    />
  );
}
