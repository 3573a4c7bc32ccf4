import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/format';

/** Money is formatted by the site's one formatting helper (i18n/format.ts). */
export { formatMoney, formatPerCredit } from '../../i18n/format';

/** formatMoney in the current language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}
