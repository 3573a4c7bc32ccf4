import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldMessage, RequiredMark } from './FieldMessage';

/** A checkbox with its label (which may hold links) and its error underneath. */
export function CheckField({
  label,
  id: givenId,
  error,
  hint,
  markRequired,
  className = 'form-check mb-2',
  labelClassName = 'form-check-label',
  ...input
}: {
  label: ReactNode;
  id?: string;
  error?: string | null;
  hint?: ReactNode;
  markRequired?: boolean;
  className?: string;
  labelClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={className}>
      <input
        {...input}
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <label className={labelClassName} htmlFor={id}>
        {label}
        <RequiredMark show={markRequired} />
      </label>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
