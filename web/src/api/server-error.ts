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
export function fieldError(error: unknown, t: TFunction): { field: string | null; text: string } {
  const field = error instanceof ApiError && error.field ? error.field : null;
  return { field, text: serverErrorText(error, t) };
}
