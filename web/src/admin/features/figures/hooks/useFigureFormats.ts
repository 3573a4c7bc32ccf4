import { useAdminTranslation } from '../../../shared/i18n';

/** Counts, days, amounts and waits on the figures page, in the staff member's language. */
export function useFigureFormats() {
  const { t, i18n } = useAdminTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const longDate = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const money = (currency: string) => {
    const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
    return (cents: number) => format.format(cents / 100);
  };
  const wait = (seconds: number | null) => {
    if (seconds === null) return '–';
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t('figures.waitMinutes', { minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return t('figures.waitHours', { hours, minutes: minutes % 60 });
    return t('figures.waitDays', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  /** A reply time: seconds below a minute, then as the waits. */
  const duration = (seconds: number) =>
    seconds < 60 ? t('figures.waitSeconds', { seconds: Math.round(seconds) }) : wait(seconds);
  return {
    count: (value: number) => number.format(value),
    duration,
    label: (iso: string) => date.format(day(iso)),
    longLabel: (iso: string) => longDate.format(day(iso)),
    money,
    wait,
  };
}
