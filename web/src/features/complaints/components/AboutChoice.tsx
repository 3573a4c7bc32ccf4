import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_ABOUT, type ComplaintAbout } from '@app/contract/constants';
import { missingTarget, type ComplaintTarget } from '../complaint-target';

const ICONS: Record<ComplaintAbout, string> = {
  member: '👤',
  photo: '🖼️',
  message: '💬',
  site: '🌐',
};

/** What the complaint is about, as radio cards; a kind without its target explains how. */
export function AboutChoice({
  value,
  onChange,
  target,
  memberName,
  error,
}: {
  value: ComplaintAbout;
  onChange: (about: ComplaintAbout) => void;
  target: ComplaintTarget;
  memberName: string | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="mb-4" aria-describedby={describedBy}>
      <legend className="fs-6 fw-semibold mb-2">
        {t('complaints.aboutLegend')}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="row g-2 g-md-3">
        {COMPLAINT_ABOUT.map((option, index) => {
          const optionId = `${id}-${option}`;
          const missing = missingTarget(option, target);
          const detail =
            missing !== null
              ? t(`complaints.options.${option}.how`)
              : option !== 'site' && memberName
                ? t(`complaints.options.${option}.of`, { name: memberName })
                : t(`complaints.options.${option}.text`);
          return (
            <div key={option} className="col-12 col-sm-6">
              <input
                type="radio"
                className="btn-check"
                name={`${id}-about`}
                id={optionId}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                aria-invalid={error && index === 0 ? true : undefined}
                aria-describedby={`${optionId}-detail`}
              />
              <label
                className={`complaint-option${error ? ' complaint-option--invalid' : ''}`}
                htmlFor={optionId}
              >
                <span className="complaint-option__icon" aria-hidden="true">
                  {ICONS[option]}
                </span>
                <span className="d-block">
                  <span className="d-block fw-semibold">
                    {t(`complaints.options.${option}.title`)}
                  </span>
                  <span className="d-block small text-body-secondary" id={`${optionId}-detail`}>
                    {detail}
                  </span>
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
