import { PHOTO_SCREEN_CLASSES, type PhotoScreening } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';

/** The class whose high score is good news (its meter is green when high). */
const SAFE = new Set<string>(['neutral']);

/** A probability as a whole percentage. */
const percent = (value: number) => Math.round(value * 100);

/**
 * What the pre-screening says of the photo on the desk: a match of a photo rejected for abuse
 * (on top, in red), the risk and the model's five scores, or that it is not scored yet. The
 * model orders and flags; the moderator decides.
 */
export function ScreeningPanel({ screening }: { screening: PhotoScreening | null }) {
  const { t } = useAdminTranslation();
  return (
    <section
      className="inspection-screening mb-2"
      aria-label={t('inspection.screening.title')}
      data-testid="inspection-screening"
    >
      {screening?.abuse_match && (
        <p
          className="alert alert-danger py-2 mb-2 fw-semibold"
          data-testid="inspection-abuse-match"
        >
          {t('inspection.screening.abuseMatch')}
        </p>
      )}
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <h2 className="h6 mb-0">{t('inspection.screening.title')}</h2>
        {screening?.risk != null && (
          <span
            className={`badge inspection-risk inspection-risk--${riskLevel(screening.risk)}`}
            data-testid="inspection-risk"
          >
            {t('inspection.screening.risk', { percent: percent(screening.risk) })}
          </span>
        )}
        <span className="small text-body-secondary ms-auto">{t('inspection.screening.note')}</span>
      </div>
      {!screening && (
        <p className="small text-body-secondary mb-0 mt-1">{t('inspection.screening.none')}</p>
      )}
      {screening && !screening.scores && (
        <p className="small text-body-secondary mb-0 mt-1">{t('inspection.screening.pending')}</p>
      )}
      {screening?.scores && (
        <ul className="inspection-scores list-unstyled mb-0 mt-2">
          {PHOTO_SCREEN_CLASSES.map((name) => {
            const value = percent(screening.scores![name]);
            const label = t(`inspection.screening.classes.${name}`);
            return (
              <li key={name}>
                <span className="inspection-scores__name">{label}</span>
                <meter
                  min={0}
                  max={100}
                  low={30}
                  high={60}
                  optimum={SAFE.has(name) ? 100 : 0}
                  value={value}
                  aria-label={t('inspection.screening.score', { name: label, percent: value })}
                />
                <span className="inspection-scores__value">{value}%</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function riskLevel(risk: number): 'low' | 'medium' | 'high' {
  return risk >= 0.6 ? 'high' : risk >= 0.3 ? 'medium' : 'low';
}
