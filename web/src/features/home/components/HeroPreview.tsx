import { useTranslation } from 'react-i18next';

/** A decorative chat preview in the hero (illustration only, no real member data). */
export function HeroPreview() {
  const { t } = useTranslation();
  return (
    <div className="hero-preview mx-auto" aria-hidden="true">
      <div className="hero-preview__glow" />
      <div className="hero-preview__card card border-0 shadow-lg rounded-4">
        <div className="card-body p-4">
          <div className="d-flex align-items-center gap-3 mb-3">
            <span className="hero-preview__avatar">😊</span>
            <div>
              <div className="fw-semibold">{t('home.previewTitle')}</div>
              <div className="small text-body-secondary">
                🥾 {t('interests.hiking')} · ☕ {t('interests.coffee')}
              </div>
            </div>
            <span className="ms-auto hero-preview__heart">♥</span>
          </div>
          <div className="bubble bubble--in mb-2">{t('home.previewMessage')}</div>
          <div className="bubble bubble--out ms-auto">{t('home.previewReply')}</div>
        </div>
      </div>
      <div className="hero-preview__chip hero-preview__chip--a shadow">
        🎵 {t('interests.music')}
      </div>
      <div className="hero-preview__chip hero-preview__chip--b shadow">
        ✈️ {t('interests.travel')}
      </div>
    </div>
  );
}
