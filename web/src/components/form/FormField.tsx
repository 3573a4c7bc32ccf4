import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { describedBy, FieldMessage, RequiredMark } from './FieldMessage';

interface FieldFrame {
  label: ReactNode;
  /** The control's id; one is made when none is given. */
  id?: string;
  hint?: ReactNode;
  /** Shown under the control instead of the hint; marks the control invalid. */
  error?: string | null;
  /** Shows a "*" after the label; the control's own `required` is what browsers and readers use. */
  markRequired?: boolean;
  /** The wrapper's classes; `mb-3` unless told. */
  className?: string;
  labelClassName?: string;
  /** Extra classes of the control (`form-control-sm`). */
  controlClassName?: string;
  /** Beside the control, in one row that stacks on a phone (the form's buttons). */
  beside?: ReactNode;
  /** Under the error or hint (a link that goes with the error). */
  after?: ReactNode;
}

export type FormFieldProps = FieldFrame &
  (
    | ({ as?: 'input' } & InputHTMLAttributes<HTMLInputElement>)
    | ({ as: 'textarea' } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  );

/**
 * The one labelled text field of the forms (text, e-mail, password, or `as="textarea"`): its
 * hint, or its error instead, underneath and named by `aria-describedby`; `aria-invalid` while
 * it has an error.
 */
export function FormField(props: FormFieldProps) {
  const generatedId = useId();
  const {
    label,
    hint,
    error,
    markRequired,
    className = 'mb-3',
    labelClassName = 'form-label fw-semibold',
    controlClassName,
    beside,
    after,
  } = props;
  const id = props.id ?? generatedId;
  const shared = {
    id,
    className: ['form-control', controlClassName, error && 'is-invalid'].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  const control =
    props.as === 'textarea' ? (
      <textarea rows={3} {...controlAttributes(props)} {...shared} />
    ) : (
      <input {...controlAttributes(props)} {...shared} />
    );
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        <RequiredMark show={markRequired} />
      </label>
      {beside ? (
        <div className="d-flex flex-column flex-sm-row gap-2">
          {control}
          {beside}
        </div>
      ) : (
        control
      )}
      <FieldMessage id={id} error={error} hint={hint} />
      {after}
    </div>
  );
}

/** The props that belong to the control itself. */
function controlAttributes<T extends FormFieldProps>(props: T) {
  const {
    as: _as,
    label: _label,
    id: _id,
    hint: _hint,
    error: _error,
    markRequired: _markRequired,
    className: _className,
    labelClassName: _labelClassName,
    controlClassName: _controlClassName,
    beside: _beside,
    after: _after,
    ...control
  } = props;
  return control;
}
