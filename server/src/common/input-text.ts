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

/**
 * Characters that change how text is shown without being seen: bidirectional overrides and
 * isolates, zero-width spaces and joiners, the byte order mark. Removed from names, so nobody
 * can pose as "admin" with a name that reads differently from what it is.
 */
const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function cleanDisplayName(name: string): string {
  return name.replace(INVISIBLE_FORMATTING, '').trim();
}
