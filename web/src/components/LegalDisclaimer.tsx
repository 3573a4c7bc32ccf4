import { useTranslation } from 'react-i18next';
import { FictionalNotice } from './FictionalNotice';

/** Adults only (18+) and the fictional-profile notice, shown on every public layout. */
export function LegalDisclaimer() {
  const { t } = useTranslation();
  return (
    <aside
      className="legal-disclaimer border-top bg-body-tertiary"
      aria-label={t('disclaimer.adultsTitle')}
    >
      <div className="container py-4">
        <div className="row g-4 small">
          <div className="col-md-5 d-flex gap-3 align-items-start">
            <span className="age-badge" aria-hidden="true">
              {t('common.adultsBadge')}
            </span>
            <div>
              <strong className="d-block mb-1">{t('disclaimer.adultsTitle')}</strong>
              <span className="text-body-secondary">{t('disclaimer.adultsText')}</span>
            </div>
          </div>
          <div className="col-md-7">
            <FictionalNotice className="text-body-secondary" />
          </div>
        </div>
      </div>
    </aside>
  );
}
