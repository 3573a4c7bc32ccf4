/**
 * Dates, numbers, money and language names in the language the page is shown in: the one place
 * the web turns them into text (issue 21: "dates, numbers and currencies follow the locale
 * everywhere"). Each function takes the language explicitly or reads i18next's current one;
 * `useFormat` gives them bound to the language a component renders in. Formatters are cached,
 * as a conversation list formats many times per render.
 */
import { useTranslation } from 'react-i18next';
import i18n from './index';

/** The Intl locale of a site language: Dutch as written in the Netherlands. */
export function intlLocale(language: string = i18n.language): string {
  return language === 'nl' ? 'nl-NL' : language;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A number: 1.234,5 in Dutch, 1,234.5 in English. */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: string = i18n.language,
): string {
  return numberFormat(language, options).format(value);
}

/** Cents as money ("€ 29,95" in Dutch, "€29.95" in English, "29,95 €" in German). */
export function formatMoney(
  cents: number,
  currency: string,
  language: string = i18n.language,
): string {
  return numberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** A price per credit: up to three decimals of the currency unit ("€ 0,067"). */
export function formatPerCredit(
  cents: number,
  currency: string,
  language: string = i18n.language,
): string {
  return numberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(cents / 100);
}

/** A date (an ISO string, a Date or epoch ms); by default "26 nov 2026" style (dateStyle medium). */
export function formatDate(
  date: string | number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: string = i18n.language,
): string {
  return dateFormat(language, options).format(date instanceof Date ? date : new Date(date));
}

/** A clock time ("14:05" in Dutch, "02:05 PM" in English). */
export function formatTime(date: string | number | Date, language: string = i18n.language) {
  return formatDate(date, { hour: '2-digit', minute: '2-digit' }, language);
}

/** A language's name in the page's language ("Duits" in Dutch for de). */
export function languageName(code: string, language: string = i18n.language): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The formatters bound to the language the component renders in (re-rendered on a change). */
export function useFormat() {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return {
    language,
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumber(value, options, language),
    money: (cents: number, currency: string) => formatMoney(cents, currency, language),
    perCredit: (cents: number, currency: string) => formatPerCredit(cents, currency, language),
    date: (date: string | number | Date, options?: Intl.DateTimeFormatOptions) =>
      formatDate(date, options, language),
    time: (date: string | number | Date) => formatTime(date, language),
  };
}
