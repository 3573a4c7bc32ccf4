import { FIGURES_TIME_ZONE } from '@app/contract';

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIGURES_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day (YYYY-MM-DD) an instant falls on in Europe/Amsterdam. */
export function localDay(at: Date): string {
  return dayFormat.format(at);
}

/** A day `count` days after (or before) a day, as YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` up to (not including) `to`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A day as the Date Prisma writes to a `date` column. */
export const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
