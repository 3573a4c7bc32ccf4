import { useTranslation } from 'react-i18next';

/** Cents as money in the page's language ("€ 29,95", "£25.99"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(
    cents / 100,
  );
}

/** A price per credit: up to three decimals of the currency unit ("€ 0,067"). */
export function formatPerCredit(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(cents / 100);
}

function locale(language: string): string {
  return language === 'nl' ? 'nl-NL' : language;
}

/** formatMoney in the current language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}
