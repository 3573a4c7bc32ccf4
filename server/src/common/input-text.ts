import { AppError } from './app-error';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL
 * cannot store NUL, and none of them belongs in anything a member types.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Refuses request input (body or query, at any depth, keys included) holding a control
 * character: 400 invalid_characters with the field, instead of a database error.
 */
export function rejectControlCharacters(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (CONTROL.test(value))
      throw new AppError('invalid_characters', {}, path.join('.') || undefined);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => rejectControlCharacters(item, [...path, String(index)]));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key))
        throw new AppError('invalid_characters', {}, path.join('.') || undefined);
      rejectControlCharacters(item, [...path, key]);
    }
  }
}
