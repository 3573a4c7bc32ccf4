import type { Language } from '@app/contract';
import type { z } from 'zod';
import { translate } from '../i18n/i18n';

type Issue = z.core.$ZodIssue;

/** The value at a path of the request's input (to tell a missing field from a wrong one). */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * A zod issue as a message in the member's language (`validation.*` and `errors.*` of the
 * contract's catalogues), never zod's own English.
 */
export function issueMessage(language: Language, issue: Issue, input: unknown): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? t('validation.required')
        : t('validation.invalid_type');
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('validation.required')
          : t('validation.too_short', { count: Number(issue.minimum) });
      }
      return t('validation.too_small', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.too_long', { count: Number(issue.maximum) })
        : t('validation.too_big', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('errors.invalid_email') : t('validation.invalid_format');
    case 'invalid_value':
      return t('validation.invalid_choice');
    default:
      return t('validation.invalid');
  }
}
