import type { TFunction } from 'i18next';
import { ApiError } from './client';

/** The server's own message for a 4xx answer (already in the member's language), else generic. */
export function serverErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return t('errors.genericLater');
}

/** Splits a server error into the field it belongs to (if any) and its text. */
function fieldError(error: unknown, t: TFunction): { field: string | null; text: string } {
  const field = error instanceof ApiError && error.field ? error.field : null;
  return { field, text: serverErrorText(error, t) };
}

/** A form's view of a server error: the text under one of its own fields, or else an alert. */
export interface FormErrors {
  alert: string | null;
  errorFor: (field: string) => string | null;
}

/** Places a mutation's error: in place when it names one of `fields`, otherwise in the alert. */
export function formErrors(error: unknown, fields: readonly string[], t: TFunction): FormErrors {
  if (!error) return { alert: null, errorFor: () => null };
  const { field, text } = fieldError(error, t);
  const inPlace = field !== null && fields.includes(field);
  return {
    alert: inPlace ? null : text,
    errorFor: (name) => (inPlace && name === field ? text : null),
  };
}
