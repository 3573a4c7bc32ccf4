/**
 * The profile rules that have their own messages (SPEC point 5: the name; the minimum age),
 * shared by the server (signup and the profile editor enforce them) and the web forms (which
 * show them before a request is made). Keep this file free of runtime imports but the address
 * shapes of linkable-text.ts (itself import-free): the web's forms bundle it.
 */
import { linkableKind } from './linkable-text';

/**
 * Characters that change how text is shown without being seen: bidirectional overrides and
 * isolates, zero-width spaces and joiners, the byte order mark. Removed from names, so nobody
 * can pose as "admin" with a name that reads differently from what it is.
 */
const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A profile name as it is stored: invisible formatting characters removed, trimmed. */
export function cleanDisplayName(name: string): string {
  return name.replace(INVISIBLE_FORMATTING, '').trim();
}

/** `name_required` has no error code of its own (the server answers validation_failed). */
export type NameProblem =
  'name_required' | 'invalid_name_at' | 'invalid_name_email' | 'invalid_name_link';

/** Shaped like an e-mail address: something@domain.tld. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * What is wrong with a profile name (after cleanDisplayName), or null: not empty, not starting
 * with @ ('Je profielnaam mag niet beginnen met een @'), and not an e-mail address: neither the
 * member's own (`email`, when the caller knows it) nor any other, since a name is shown to
 * everyone ('Je profielnaam moet anders zijn dan je e-mailadres'). Nor may it hold a web or
 * e-mail address (`invalid_name_link`, security review 2026-11-28, M2): a name goes into other
 * members' mails and pushes, signed by the site, and must not bring them a link. The web forms,
 * which do not always know the member's address, refuse exactly what this refuses; the server
 * also refuses a phone number in a name (phone-numbers.ts), which the forms leave to it.
 */
export function nameProblem(name: string, email?: string | null): NameProblem | null {
  const cleaned = cleanDisplayName(name);
  if (!cleaned) return 'name_required';
  if (cleaned.startsWith('@')) return 'invalid_name_at';
  const lower = cleaned.toLowerCase();
  if (EMAIL_SHAPE.test(lower) || (email && lower === email.trim().toLowerCase())) {
    return 'invalid_name_email';
  }
  if (linkableKind(cleaned)) return 'invalid_name_link';
  return null;
}

/** Nobody is older than this: an earlier year of birth is a typing error. */
export const MAX_AGE_YEARS = 120;

/** A day of the calendar, without time or zone (month 1-12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** 'YYYY-MM-DD' as a real calendar date (no 30 February), or null. */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** Whole years from `born` to `on` (negative when `on` comes first). */
export function ageOnDate(born: CalendarDate, on: CalendarDate): number {
  let age = on.year - born.year;
  if (on.month < born.month || (on.month === born.month && on.day < born.day)) age -= 1;
  return age;
}

/**
 * `required` ('Vul uw geboortedatum in ({min_age}+ jaar)': empty), `invalid` (not a date, in
 * the future, or more than MAX_AGE_YEARS ago), `too_young` (younger than `minAge` on `today`:
 * the same message as `required`), or null.
 */
export type BirthdateProblem = 'required' | 'invalid' | 'too_young';

export function birthdateProblem(
  value: string,
  minAge: number,
  today: CalendarDate,
): BirthdateProblem | null {
  if (!value.trim()) return 'required';
  const born = parseCalendarDate(value.trim());
  if (!born) return 'invalid';
  const age = ageOnDate(born, today);
  // a negative age: born after today
  if (age < 0 || age > MAX_AGE_YEARS) return 'invalid';
  if (age < minAge) return 'too_young';
  return null;
}
