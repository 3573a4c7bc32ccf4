/** The form primitives: every form page builds on these instead of its own markup and states. */
export { FormField, type FormFieldProps } from './FormField';
export { CheckField } from './CheckField';
export { ChoiceField, type Choice } from './ChoiceField';
export { DatePartsField, type DatePart, type DateParts } from './DatePartsField';
export { SubmitButton } from './SubmitButton';
export { ServerErrorAlert } from './ServerErrorAlert';
export { useApiForm, type ApiFormOptions, type FieldProblems } from './useApiForm';
