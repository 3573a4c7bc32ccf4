import type { ReactNode } from 'react';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderTranslation } from '../i18n';

/** A lander's heading, its line, and the signup call to action. */
export function LanderHero({
  title,
  text,
  tone = 'brand',
  children,
}: {
  title: string;
  text: string;
  tone?: 'brand' | 'night' | 'light';
  children?: ReactNode;
}) {
  const { t } = useLanderTranslation();
  return (
    <section className={`lander-hero lander-hero--${tone}`}>
      <div className="container py-4 py-lg-5 text-center">
        <h1 className="lander-hero__title fw-bold mb-2">{title}</h1>
        <p className="lander-hero__text lead mb-3 mx-auto">{text}</p>
        <SignupLink
          className={`btn btn-lg rounded-pill px-5 fw-semibold shadow ${tone === 'light' ? 'btn-primary' : 'btn-light text-primary'}`}
        >
          {t('cta')}
        </SignupLink>
        {children}
      </div>
    </section>
  );
}

/** The closing call to action under a lander's members. */
export function LanderFooterCta({ text }: { text: string }) {
  const { t } = useLanderTranslation();
  return (
    <div className="lander-footer-cta text-center py-4">
      <p className="fw-semibold mb-3">{text}</p>
      <SignupLink className="btn btn-primary btn-lg rounded-pill px-5">{t('cta')}</SignupLink>
    </div>
  );
}
