import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldMessage, RequiredMark } from './FieldMessage';
import { formatDate } from '../../i18n/format';

export type DatePart = 'day' | 'month' | 'year';
export type DateParts = Record<DatePart, string>;

const COLUMNS: Record<DatePart, string> = { day: 'col-3', month: 'col-5', year: 'col-4' };

/**
 * A date as three selects (day, month by name in the page's language, year) in a fieldset named
 * by its legend; each select is labelled by its part and described by the group's error or hint.
 * `autoComplete` names the parts for the browser (`bday` gives bday-day, bday-month, bday-year).
 */
export function DatePartsField({
  legend,
  labels,
  value,
  onChange,
  years,
  error,
  hint,
  markRequired,
  autoComplete,
  className = 'mb-3',
}: {
  legend: ReactNode;
  labels: Record<DatePart, string>;
  value: DateParts;
  onChange: (part: DatePart, value: string) => void;
  /** The years to offer, in the order shown. */
  years: readonly string[];
  error?: string | null;
  hint?: ReactNode;
  markRequired?: boolean;
  autoComplete?: string;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const options: Record<DatePart, { value: string; label: string }[]> = {
    day: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    month: Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: formatDate(Date.UTC(2000, i, 1), { month: 'long', timeZone: 'UTC' }, i18n.language),
    })),
    year: years.map((year) => ({ value: year, label: year })),
  };
  const parts: DatePart[] = ['day', 'month', 'year'];
  return (
    <fieldset className={className}>
      <legend className="form-label fs-6 fw-semibold">
        {legend}
        <RequiredMark show={markRequired} />
      </legend>
      <div className="row g-2">
        {parts.map((part) => (
          <div key={part} className={COLUMNS[part]}>
            <label className="form-label small text-body-secondary" htmlFor={`${id}-${part}`}>
              {labels[part]}
            </label>
            <select
              id={`${id}-${part}`}
              className={`form-select${error ? ' border-danger' : ''}`}
              value={value[part]}
              onChange={(event) => onChange(part, event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, error, hint)}
              autoComplete={autoComplete && `${autoComplete}-${part}`}
            >
              <option value="">{labels[part]}</option>
              {options[part].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
