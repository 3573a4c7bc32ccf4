import { dayKey } from './messages';
import { formatDate, formatTime as clockTime } from '../../../i18n/format';

/** A message's clock time in the page's language ("14:05"). */
export function formatTime(iso: string, language: string): string {
  return clockTime(iso, language);
}

/** A list entry's time: the clock time today, else a short date ("24 nov."). */
export function formatListTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return formatTime(iso, language);
  const sameYear = date.getFullYear() === now.getFullYear();
  return formatDate(
    date,
    { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) },
    language,
  );
}

/** A day separator's date ("maandag 23 november"). */
export function formatDay(date: Date, language: string, now = new Date()): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  return formatDate(
    date,
    { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) },
    language,
  );
}
