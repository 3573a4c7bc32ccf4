import {
  CHAT_HISTORY_LIMIT_DAYS,
  DELETION_RECONSIDERATION_DAYS,
  type CompanyInfo,
  type Settings,
} from '@app/contract';
import { formatPageDate, termsVersionDate } from './terms-date';

/** The values the pages' texts are filled with: {company}, {kvk}, {refundDays}, … */
export type PageValues = Record<string, string | number>;

/** A country code as the page's language names it ("NL" -> "Nederland"); else as given. */
function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The company's details and the site's settings, as the texts' placeholders. */
export function pageValues(
  settings: Settings,
  company: CompanyInfo | null | undefined,
  language: string,
): PageValues {
  const name = company?.name || settings.name;
  return {
    site: settings.name,
    domain: settings.domain,
    email: settings.support_email,
    phone: company?.support_phone || settings.support_phone,
    company: name,
    address: company?.address ?? '',
    city: company?.city ?? '',
    country: company ? countryName(company.country, language) : '',
    kvk: company?.kvk ?? '',
    vat: company?.vat_numbers.join(', ') ?? '',
    tradenames: company?.tradenames.length ? company.tradenames.join(', ') : name,
    refundDays: settings.refund_days,
    minAge: settings.min_age,
    fictionalPlural: settings.fictional_plural,
    fictionalSingular: settings.fictional_singular,
    fictionalWarning: settings.fictional_warning,
    chatHistoryDays: CHAT_HISTORY_LIMIT_DAYS,
    reconsiderationDays: DELETION_RECONSIDERATION_DAYS,
    version: formatPageDate(termsVersionDate(company?.added), language),
  };
}
