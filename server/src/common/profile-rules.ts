import {
  birthdateProblem,
  cleanDisplayName,
  containsPhoneNumber,
  nameProblem,
  parseCalendarDate,
} from '@app/contract';
import { AppError } from './app-error';

/**
 * The profile rules with their own messages (contract/src/profile-rules.ts, which the web forms
 * check too), as the server enforces them wherever a name or a date of birth is set: signup and
 * the profile editor. Each throws the rule's error code on its field.
 */

/**
 * The name as stored (invisible formatting removed, trimmed), or the rule it breaks: the shared
 * name rules, and no phone number in it (`invalid_name_phone`, checked here only: the web forms
 * show this message from the answer).
 */
export function checkProfileName(name: string, email: string | null): string {
  const problem = nameProblem(name, email);
  switch (problem) {
    case 'name_required':
      throw new AppError('validation_failed', {}, 'name');
    case 'invalid_name_at':
    case 'invalid_name_email':
    case 'invalid_name_link':
      throw new AppError(problem, {}, 'name');
    case null: {
      const cleaned = cleanDisplayName(name);
      if (containsPhoneNumber(cleaned)) throw new AppError('invalid_name_phone', {}, 'name');
      return cleaned;
    }
  }
}

/** The date of birth ('YYYY-MM-DD', at least `minAge` years ago on `now`, UTC) as a Date. */
export function checkDateOfBirth(value: string, minAge: number, now: Date): Date {
  const today = {
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
    day: now.getUTCDate(),
  };
  const problem = birthdateProblem(value, minAge, today);
  if (problem === 'invalid') throw new AppError('invalid_birthdate', {}, 'date_of_birth');
  if (problem) throw new AppError('birthdate_required', { min_age: minAge }, 'date_of_birth');
  const { year, month, day } = parseCalendarDate(value.trim())!;
  return new Date(Date.UTC(year, month - 1, day));
}
