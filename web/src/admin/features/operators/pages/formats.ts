import { useAdminTranslation } from '../../../shared/i18n';

/** Counts and reply times on the operators' pages, in the staff member's language. */
export function useReviewFormats() {
  const { i18n } = useAdminTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const unit = (u: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: u,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
  const [seconds, minutes, hours] = [unit('second'), unit('minute'), unit('hour')];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return {
    count: (value: number) => number.format(value),
    /** A reply time: seconds below a minute, minutes below an hour, then hours; null: '–'. */
    duration: (value: number | null) => {
      if (value === null) return '–';
      if (value < 60) return seconds.format(Math.round(value));
      if (value < 3600) return minutes.format(value / 60);
      return hours.format(value / 3600);
    },
    when: (iso: string) => when.format(new Date(iso)),
  };
}
