import { useAdminTranslation } from '../../../shared/i18n';

/** A date and time in the staff member's language, or a dash. */
export function useDateTime() {
  const { i18n } = useAdminTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '–');
}

/** `YYYY-MM-DDTHH:mm` of a date in the browser's time zone (a datetime-local input's value). */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
