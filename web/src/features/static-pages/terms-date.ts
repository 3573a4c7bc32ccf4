import { TERMS_BASE_DATE } from '@app/contract';

/**
 * The terms' version date (SPEC point 5): the later of 2023-12-01T12:00:00Z and the date the
 * company was added. A missing or unreadable added date leaves the base date. `since`: another
 * base, a legal document's version in force (LEGAL_VERSIONS: the privacy statement's).
 */
export function termsVersionDate(
  added: string | null | undefined,
  since: string = TERMS_BASE_DATE,
): Date {
  const base = new Date(since > TERMS_BASE_DATE ? since : TERMS_BASE_DATE);
  const companyAdded = added ? new Date(added) : null;
  if (!companyAdded || Number.isNaN(companyAdded.getTime())) return base;
  return companyAdded > base ? companyAdded : base;
}

/** The date as the page's language writes it (e.g. "1 december 2023", "December 1, 2023"). */
export function formatPageDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}
