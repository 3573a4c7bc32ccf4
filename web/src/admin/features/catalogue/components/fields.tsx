/**
 * The catalogue forms' fields: a labelled control with its hint and its problem under it (tied
 * to the control by aria-describedby), as a text input, a choice or a switch.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

/** What a control needs to be tied to its label's field: its id, validity and description. */
export function controlProps(id: string, problem?: string, hint?: boolean) {
  const described = [problem ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described || undefined,
  };
}

/** `base` with Bootstrap's invalid look when there is a problem. */
export const invalid = (base: string, problem?: string) => (problem ? `${base} is-invalid` : base);

export function Field({
  id,
  label,
  problem,
  hint,
  className = 'col-12 col-md-6',
  children,
}: {
  id: string;
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label fw-semibold" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}

export function FieldProblem({ id, problem }: { id: string; problem?: string }) {
  if (!problem) return null;
  return (
    <div className="invalid-feedback d-block" id={`${id}-error`}>
      {problem}
    </div>
  );
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
>;

/** A labelled text (or number, date) input with its hint and problem. */
export function InputField({
  id,
  label,
  problem,
  hint,
  className,
  inputClassName = 'form-control',
  value,
  onChange,
  ...input
}: InputProps & {
  id: string;
  label: ReactNode;
  problem?: string;
  hint?: ReactNode;
  className?: string;
  inputClassName?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} problem={problem} hint={hint} className={className}>
      <input
        {...input}
        {...controlProps(id, problem, Boolean(hint))}
        className={invalid(inputClassName, problem)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A labelled choice with its problem; `children` are its options. */
export function SelectField({
  id,
  label,
  problem,
  className,
  value,
  onChange,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: ReactNode;
  problem?: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} problem={problem} className={className}>
      <select
        {...select}
        {...controlProps(id, problem)}
        className={invalid('form-select', problem)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </Field>
  );
}

/** A labelled switch with its problem. */
export function SwitchField({
  id,
  label,
  problem,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  problem?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-check form-switch">
      <input
        {...controlProps(id, problem)}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}
