import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';

/**
 * The ban policy (footer link "Blokkeerbeleid"). A banned member's tab lands here
 * (`?account=banned`: the socket's `account:banned`, or the login's 403 account_banned) and
 * reads that the account is banned.
 */
export function BanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const banned = params.get('account') === 'banned';
  usePageTitle(banned ? t('staticPages.bannedTitle') : t('pages.ban'));
  return (
    <section className="container py-4 py-md-5" data-testid="ban-page">
      <div className="card border-0 shadow-sm rounded-4 mx-auto" style={{ maxWidth: 720 }}>
        <div className="card-body p-4 p-md-5">
          {banned ? (
            <>
              <div className="fs-1 mb-2" aria-hidden="true">
                🚫
              </div>
              <h1 className="h3 mb-3">{t('staticPages.bannedTitle')}</h1>
              <p className="alert alert-danger" role="alert">
                {t('staticPages.bannedText')}
              </p>
              <h2 className="h5 mt-4">{t('pages.ban')}</h2>
            </>
          ) : (
            <h1 className="h3 mb-3">{t('pages.ban')}</h1>
          )}
          <p className="mb-4">{t('staticPages.banPolicy')}</p>
          <Link to="/service" className="btn btn-outline-primary">
            {t('staticPages.banContact')}
          </Link>
        </div>
      </div>
    </section>
  );
}
