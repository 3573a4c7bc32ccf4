import type { TFunction } from 'i18next';
import {
  birthdateProblem as calendarProblem,
  nameProblem,
  type BirthdateProblem,
} from '../config/profile-rules';

export type { BirthdateProblem } from '../config/profile-rules';

/**
 * The profile name's problem in the page's language, or null: the server's messages for its
 * rules (errors.<code>), `requiredText` for an empty name. The same rules as the server
 * (contract/src/profile-rules.ts), which checks them again and stays the authority.
 */
export function nameProblemText(
  name: string,
  t: TFunction,
  requiredText: string,
  email?: string | null,
): string | null {
  const problem = nameProblem(name, email);
  if (!problem) return null;
  return problem === 'name_required' ? requiredText : t(`errors.${problem}`);
}

/** Today in the member's own time zone: the day the form thinks it is. */
function localToday(today: Date) {
  return { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
}

/** 'YYYY-MM-DD' of the parts of a date field (no check: see birthdateProblem). */
export function isoDate(parts: { day: string; month: string; year: string }): string {
  return `${parts.year.padStart(4, '0')}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}

/** The parts of 'YYYY-MM-DD' as a date field shows them ('7', not '07'). */
export function dateParts(value: string): { day: string; month: string; year: string } {
  const [year = '', month = '', day = ''] = value.split('-');
  return { day: String(Number(day) || ''), month: String(Number(month) || ''), year };
}

/** Checks day, month and year of birth against the site's minimum age. */
export function birthdateProblem(
  day: string,
  month: string,
  year: string,
  minAge: number,
  today: Date = new Date(),
): BirthdateProblem | null {
  if (!day || !month || !year) return 'required';
  if (![day, month, year].every((part) => /^\d+$/.test(part))) return 'invalid';
  return calendarProblem(isoDate({ day, month, year }), minAge, localToday(today));
}

/** The server's message for a date-of-birth problem (errors.<code>). */
export function birthdateProblemText(problem: BirthdateProblem, t: TFunction, minAge: number) {
  return problem === 'invalid'
    ? t('errors.invalid_birthdate')
    : t('errors.birthdate_required', { min_age: minAge });
}
