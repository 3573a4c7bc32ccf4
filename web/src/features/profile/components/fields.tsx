import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldMessage } from '../../../components/form/FieldMessage';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select with its hint, or its error instead, underneath (as FormField does for
 * text): `aria-invalid` while it has an error, so a refused save focuses it.
 */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  className = 'mb-3',
  ...select
}: {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first option, value '': "not said" or "choose". */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const generatedId = useId();
  const id = select.id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** One card of the editor: a region named by its heading, with an optional line under it. */
export function ProfileSection({
  title,
  intro,
  icon,
  children,
}: {
  title: string;
  intro?: ReactNode;
  icon: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className="card border-0 shadow-sm rounded-4 h-100 profile-section"
      aria-labelledby={headingId}
    >
      <div className="card-body p-3 p-sm-4">
        <h2 className="h5 mb-1 d-flex align-items-center gap-2" id={headingId}>
          <span className="profile-section__icon" aria-hidden="true">
            {icon}
          </span>
          {title}
        </h2>
        {intro && <p className="text-body-secondary small mb-3">{intro}</p>}
        <div className={intro ? undefined : 'mt-3'}>{children}</div>
      </div>
    </section>
  );
}
