import {
  BOOST_FREE_EVERY_DAYS,
  BOOST_MINUTES,
  DELETION_RECONSIDERATION_DAYS,
  FREE_MAX_PHOTOS,
  PREMIUM_MAX_PHOTOS,
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

/**
 * The company's details, the site's live settings (GET /api/settings.php: what an operator set
 * in the console) and the code's own limits, as the texts' placeholders: the one source of every
 * value a page states, so no text writes one as a number. `words` (the pages' own texts) give
 * the sentences the settings choose between: what free members see of likes and visitors
 * (`common.freeSees.<likes|visitors>.<count|everything>`); without it the raw setting.
 */
export function pageValues(
  settings: Settings,
  company: CompanyInfo | null | undefined,
  language: string,
  words?: (key: string) => string,
): PageValues {
  const freeSees = (what: 'likes' | 'visitors', value: string) =>
    words ? words(`common.freeSees.${what}.${value}`) : value;
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
    chatHistoryDays: settings.chat_history_days,
    boostCredits: settings.boost_credits,
    boostMinutes: BOOST_MINUTES,
    boostFreeDays: BOOST_FREE_EVERY_DAYS,
    reconsiderationDays: DELETION_RECONSIDERATION_DAYS,
    freePhotos: FREE_MAX_PHOTOS,
    premiumPhotos: PREMIUM_MAX_PHOTOS,
    freeLikes: freeSees('likes', settings.free_members_see_likes),
    freeVisitors: freeSees('visitors', settings.free_members_see_visitors),
    version: formatPageDate(termsVersionDate(company?.added), language),
  };
}
