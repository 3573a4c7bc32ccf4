import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { usePageTitle } from '../../../components/usePageTitle';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { SignupLink } from '../../auth';

/** The landing pages share this hero until each lander's own design is built. */
export function LanderPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  usePageTitle(t('pages.lander'));
  return (
    <section className="lander-hero text-white text-center">
      <div className="container py-5">
        <p className="h6 text-uppercase opacity-75 mb-2">{settings.name}</p>
        <h1 className="display-6 fw-bold mb-3">{t('lander.title')}</h1>
        <p className="lead mb-4 opacity-75">{t('lander.text')}</p>
        <SignupLink className="btn btn-light btn-lg rounded-pill px-5 fw-semibold text-primary shadow">
          {t('lander.cta')}
        </SignupLink>
        <div className="card border-0 rounded-4 mt-5 text-start text-body mx-auto lander-hero__notice">
          <div className="card-body">
            <FictionalNotice />
          </div>
        </div>
      </div>
    </section>
  );
}
