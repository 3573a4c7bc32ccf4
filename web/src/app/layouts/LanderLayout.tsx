import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/Brand';
import { LegalDisclaimer } from '../../components/LegalDisclaimer';
import { FOOTER_LINKS } from './Footer';
import { SignupModalProvider } from '../../components/signup/SignupLink';
import { SiteEntryWarning } from '../../features/site-entry';
import { useIsInstalledApp } from './installed-app';

/** Landing pages: a logo bar, the page, the legal disclaimer and a slim link row. */
export function LanderLayout() {
  const { t } = useTranslation();
  const installedApp = useIsInstalledApp();
  return (
    <SignupModalProvider>
      <div className="layout layout--lander d-flex flex-column min-vh-100">
        <header className="lander-bar">
          <div className="container d-flex align-items-center justify-content-between py-2">
            <Brand />
            <Link to="/login" className="btn btn-light btn-sm rounded-pill px-3">
              {t('nav.login')}
            </Link>
          </div>
        </header>
        <main id="main" className="flex-grow-1">
          <Outlet />
        </main>
        <LegalDisclaimer />
        <footer className="lander-footer py-3">
          <div className="container">
            <ul className="list-inline small mb-0 text-center">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to} className="list-inline-item">
                  <Link to={link.to} className="d-inline-block py-1">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </footer>
        <SiteEntryWarning installedApp={installedApp} />
      </div>
    </SignupModalProvider>
  );
}
