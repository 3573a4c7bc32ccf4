import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/settings';
import { useCompanyInfo } from '../../api/companyinfo';

export const FOOTER_LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/cookies', key: 'footer.cookies' },
  { to: '/ban', key: 'footer.ban' },
  { to: '/pricing', key: 'footer.pricing' },
  { to: '/complaints', key: 'footer.complaints' },
  { to: '/return-policy', key: 'footer.returnPolicy' },
  { to: '/faq', key: 'footer.faq' },
  { to: '/service', key: 'footer.support' },
] as const;

/** The token pages (contract TOKEN_PAGES), in the site footer only. */
const TOKEN_FOOTER_LINKS = [
  { to: '/about', key: 'footer.aboutUs' },
  { to: '/contact', key: 'footer.contact' },
  { to: '/safe-dating', key: 'footer.safeDating' },
  { to: '/disclaimer', key: 'footer.disclaimer' },
] as const;

export function Footer() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const { data: company } = useCompanyInfo();
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer mt-auto">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-lg-4">
            <p className="site-footer__brand h5 mb-2">{settings.name}</p>
            <p className="small mb-0 opacity-75">{t('footer.about')}</p>
          </div>
          <nav className="col-sm-6 col-lg-4" aria-label={t('footer.infoHeading')}>
            <h2 className="h6 text-uppercase site-footer__heading">{t('footer.infoHeading')}</h2>
            <ul className="list-unstyled site-footer__links row row-cols-2 g-0 small mb-0">
              {[...FOOTER_LINKS, ...TOKEN_FOOTER_LINKS].map((link) => (
                <li key={link.to} className="col py-1">
                  <Link to={link.to}>{t(link.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="col-sm-6 col-lg-4 small">
            <h2 className="h6 text-uppercase site-footer__heading">{t('footer.companyHeading')}</h2>
            {company ? (
              <address className="mb-2" data-testid="company-info">
                <strong>{company.name}</strong>
                <br />
                {company.address}
                {company.city ? (
                  <>
                    <br />
                    {company.city}
                    {company.country ? `, ${company.country}` : ''}
                  </>
                ) : null}
                <br />
                {t('footer.kvk', { kvk: company.kvk })}
              </address>
            ) : null}
            <p className="mb-0">
              {t('footer.email', { email: settings.support_email })}
              <br />
              {t('footer.phone', { phone: company?.support_phone || settings.support_phone })}
            </p>
          </div>
        </div>
        {i18n.language === 'en' && (
          <section className="site-footer__us mt-4 p-3 rounded-3 small" data-testid="us-footer">
            <h2 className="h6 mb-1">{t('footer.usTitle')}</h2>
            <p className="mb-0 opacity-75">{t('footer.usText')}</p>
          </section>
        )}
        <hr className="my-4 opacity-25" />
        <p className="small mb-0 opacity-75">{t('footer.rights', { year, name: settings.name })}</p>
      </div>
    </footer>
  );
}
