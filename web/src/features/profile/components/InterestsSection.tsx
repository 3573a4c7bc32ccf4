import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { INTERESTS_MAX } from '../../../config/constants';
import { ProfileSection } from './fields';
import type { SectionProps } from './section-props';

/** About 50 interests as toggle buttons with their icons; at most INTERESTS_MAX. */
export function InterestsSection({ values, set, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const { interests } = useSettings();
  const id = useId();
  const chosen = values.interests;
  const full = chosen.length >= INTERESTS_MAX;
  const error = errorFor('interests');
  const toggle = (slug: string) =>
    set('interests', chosen.includes(slug) ? chosen.filter((s) => s !== slug) : [...chosen, slug]);

  return (
    <ProfileSection
      icon="💜"
      title={t('profileEditor.interests')}
      intro={t('profileEditor.interestsIntro', { count: INTERESTS_MAX })}
    >
      <div
        className="d-flex flex-wrap gap-2 profile-interests"
        role="group"
        aria-label={t('profileEditor.interests')}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
      >
        {interests.map((interest, index) => {
          const pressed = chosen.includes(interest.slug);
          return (
            <button
              key={interest.slug}
              type="button"
              className={`btn interest-toggle${pressed ? ' interest-toggle--on' : ''}`}
              aria-pressed={pressed}
              aria-invalid={error && index === 0 ? true : undefined}
              disabled={!pressed && full}
              onClick={() => toggle(interest.slug)}
            >
              <span className="interest-toggle__icon" aria-hidden="true">
                {interest.icon}
              </span>
              {t(`interests.${interest.slug}`, { defaultValue: interest.slug })}
            </button>
          );
        })}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
        <span
          id={`${id}-count`}
          className={`badge rounded-pill ${full ? 'text-bg-primary' : 'text-bg-light'} profile-interests__count`}
          aria-live="polite"
        >
          {t('profileEditor.interestsCount', { number: chosen.length, max: INTERESTS_MAX })}
        </span>
        {full && (
          <span className="small text-body-secondary">
            {t('profileEditor.interestsFull', { max: INTERESTS_MAX })}
          </span>
        )}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </ProfileSection>
  );
}
