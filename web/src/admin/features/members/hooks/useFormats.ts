import { useAdminTranslation } from '../../../shared/i18n';

/** Dates, times and amounts on a member's page, in the staff member's language. */
export function useFormats() {
  const { i18n } = useAdminTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    money: (cents: number, currency: string) =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100),
  };
}
