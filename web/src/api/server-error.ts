import type { TFunction } from 'i18next';
import { ApiError } from './client';

/** The server's own message for a 4xx answer (already in the member's language), else generic. */
export function serverErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return t('errors.internal_error');
}

/** A form's view of a server error: texts under its own fields, and the rest for its alert. */
export interface PlacedServerError {
  /** Field name -> the text to show under it. */
  fieldErrors: Partial<Record<string, string>>;
  /** What belongs to no field the form shows; null when every part found its field. */
  formError: string | null;
}

/**
 * Places a server error on a form that shows `fields`: the answer's `field`, and each of the
 * `issues` of a validation_failed answer, go under the field they name. A 4xx that names none of
 * those fields (or also names another), a 5xx and a network error go to the form's alert.
 */
export function placeServerError(
  error: unknown,
  fields: readonly string[],
  t: TFunction,
): PlacedServerError {
  if (!error) return { fieldErrors: {}, formError: null };
  const text = serverErrorText(error, t);
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) {
    return { fieldErrors: {}, formError: text };
  }
  const fieldErrors: Partial<Record<string, string>> = {};
  let unplaced = false;
  for (const issue of error.issues ?? []) {
    if (fields.includes(issue.field)) fieldErrors[issue.field] ??= issue.message;
    else unplaced = true;
  }
  if (error.field) {
    if (fields.includes(error.field)) fieldErrors[error.field] ??= text;
    else unplaced = true;
  }
  if (Object.keys(fieldErrors).length === 0) unplaced = true;
  return { fieldErrors, formError: unplaced ? text : null };
}
