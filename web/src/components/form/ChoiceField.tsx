import { useId, type ReactNode } from 'react';
import { describedBy, FieldMessage, RequiredMark } from './FieldMessage';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * One choice out of a few, as radios in a fieldset named by its legend: `list` shows them one
 * under the other, `buttons` as a row of large toggle buttons. The error (or hint) under the
 * group describes it; the first radio carries `aria-invalid`, so focusing the first invalid
 * control of a form lands in the group.
 */
export function ChoiceField<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  markRequired,
  variant = 'list',
  className = 'mb-3',
  legendClassName = variant === 'buttons' ? 'form-label fs-6 fw-semibold' : 'fs-6 fw-semibold',
}: {
  legend: ReactNode;
  /** The radios' name; one is made when none is given. */
  name?: string;
  options: readonly Choice<T>[];
  value: T | '' | null;
  onChange: (value: T) => void;
  error?: string | null;
  hint?: ReactNode;
  markRequired?: boolean;
  variant?: 'list' | 'buttons';
  className?: string;
  legendClassName?: string;
}) {
  const id = useId();
  const buttons = variant === 'buttons';
  const radios = options.map((option, index) => {
    const optionId = `${id}-${option.value}`;
    const radio = (
      <input
        type="radio"
        className={buttons ? 'btn-check' : `form-check-input${error ? ' is-invalid' : ''}`}
        name={name ?? id}
        id={optionId}
        value={option.value}
        checked={value === option.value}
        onChange={() => onChange(option.value)}
        aria-invalid={error && index === 0 ? true : undefined}
      />
    );
    return buttons ? (
      <div key={option.value} className="col-6">
        {radio}
        <label
          className="btn btn-outline-primary w-100 py-3 rounded-3 choice-button"
          htmlFor={optionId}
        >
          {option.label}
        </label>
      </div>
    ) : (
      <div key={option.value} className="form-check">
        {radio}
        <label className="form-check-label" htmlFor={optionId}>
          {option.label}
        </label>
      </div>
    );
  });
  return (
    <fieldset className={className} aria-describedby={describedBy(id, error, hint)}>
      <legend className={legendClassName}>
        {legend}
        <RequiredMark show={markRequired} />
      </legend>
      {buttons ? <div className="row g-2">{radios}</div> : radios}
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
