import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { usePageTitle } from '../../../components/usePageTitle';
import { FictionalNotice } from '../../../components/FictionalNotice';
import { PREMIUM_MATCH_CHANCE_PERCENT } from '../../../config/constants';
import { HeroPreview } from '../components/HeroPreview';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useSignupsOpen } from '../../../components/signup/tracking';

const STEPS = [
  { icon: '📝', title: 'home.step1Title', text: 'home.step1Text' },
  { icon: '💘', title: 'home.step2Title', text: 'home.step2Text' },
  { icon: '💬', title: 'home.step3Title', text: 'home.step3Text' },
] as const;

const FEATURES = [
  { icon: '🪙', title: 'home.feature1Title', text: 'home.feature1Text' },
  { icon: '🔒', title: 'home.feature2Title', text: 'home.feature2Text' },
  { icon: '🎭', title: 'home.feature3Title', text: 'home.feature3Text' },
  { icon: '⭐', title: 'home.feature4Title', text: 'home.feature4Text' },
] as const;

/** The public home page for logged-out visitors (logged-in members are sent to /members). */
export function HomePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  usePageTitle(settings.index_title);
  const signupOpen = useSignupsOpen();
  const interests = settings.interests.slice(0, 14);

  return (
    <>
      <section className="hero">
        <div className="container position-relative">
          <div className="row align-items-center g-5 py-5">
            <div className="col-lg-6 text-center text-lg-start">
              <p className="hero__eyebrow mb-3">
                <span className="badge rounded-pill hero__badge">{t('common.adultsBadge')}</span>{' '}
                {t('home.eyebrow')}
              </p>
              <p className="hero__site h5 mb-2">{settings.name}</p>
              <h1 className="hero__title display-5 fw-bold mb-3">{settings.index_title}</h1>
              <p className="hero__lead lead mb-4">{settings.description}</p>
              {signupOpen ? (
                <div className="d-flex flex-column flex-sm-row gap-3 justify-content-center justify-content-lg-start">
                  <SignupLink className="btn btn-light btn-lg rounded-pill px-4 fw-semibold text-primary shadow text-nowrap">
                    {t('home.ctaSignup')}
                  </SignupLink>
                  <Link
                    to="/login"
                    className="btn btn-outline-light btn-lg rounded-pill px-4 text-nowrap"
                  >
                    {t('home.ctaLogin')}
                  </Link>
                </div>
              ) : (
                <p className="alert alert-light d-inline-block">{t('home.inviteOnly')}</p>
              )}
              <p className="hero__note small mt-3 mb-0">{t('home.freeNote')}</p>
            </div>
            <div className="col-lg-6">
              <HeroPreview />
            </div>
          </div>
        </div>
      </section>

      <div className="container">
        <div className="card border-0 shadow rounded-4 fictional-card">
          <div className="card-body p-4">
            <FictionalNotice />
          </div>
        </div>
      </div>

      <section className="container py-5" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title text-center mb-4">
          {t('home.stepsTitle')}
        </h2>
        <div className="row g-4">
          {STEPS.map((step, index) => (
            <div key={step.title} className="col-md-4">
              <div className="card h-100 border-0 shadow-sm rounded-4 step-card">
                <div className="card-body p-4">
                  <div className="d-flex align-items-center gap-3 mb-3">
                    <span className="step-card__icon" aria-hidden="true">
                      {step.icon}
                    </span>
                    <span className="step-card__number text-primary fw-bold">{index + 1}</span>
                  </div>
                  <h3 className="h5">{t(step.title)}</h3>
                  <p className="text-body-secondary mb-0">{t(step.text)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-body-tertiary py-5" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section-title text-center mb-4">
            {t('home.featuresTitle')}
          </h2>
          <div className="row g-4">
            {FEATURES.map((feature) => (
              <div key={feature.title} className="col-sm-6 col-lg-3">
                <div className="feature h-100 p-4 rounded-4 bg-body shadow-sm">
                  <span className="feature__icon mb-3" aria-hidden="true">
                    {feature.icon}
                  </span>
                  <h3 className="h6 fw-bold">{t(feature.title)}</h3>
                  <p className="small text-body-secondary mb-0">
                    {t(feature.text, { percent: PREMIUM_MATCH_CHANCE_PERCENT })}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      {interests.length > 0 && (
        <section className="container py-5 text-center" aria-labelledby="interests-title">
          <h2 id="interests-title" className="section-title mb-2">
            {t('home.interestsTitle')}
          </h2>
          <p className="text-body-secondary mb-4 mx-auto interests-lead">
            {t('home.interestsText')}
          </p>
          <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0">
            {interests.map((interest) => (
              <li key={interest.slug} className="interest-chip">
                <span aria-hidden="true">{interest.icon}</span> {t(`interests.${interest.slug}`)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="container pb-5">
        <div className="final-cta rounded-4 p-4 p-md-5 text-center text-white shadow">
          <h2 className="h3 fw-bold mb-2">{t('home.finalTitle')}</h2>
          <p className="mb-4 opacity-75">{t('home.finalText')}</p>
          {signupOpen && (
            <SignupLink className="btn btn-light btn-lg rounded-pill px-4 fw-semibold text-primary">
              {t('home.ctaSignup')}
            </SignupLink>
          )}
        </div>
      </section>
    </>
  );
}
