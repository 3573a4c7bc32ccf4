/** The swipe game's days are Amsterdam days (SPEC point 9: 4 likes per day). */
export const SWIPE_TIME_ZONE = 'Europe/Amsterdam';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SWIPE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock fields of an instant in the time zone, read back as if they were UTC. */
function wallClockAsUtc(instant: Date): number {
  const field = Object.fromEntries(
    parts.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(field.year, field.month - 1, field.day, field.hour, field.minute, field.second);
}

/** The zone's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: Date): number {
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return wallClockAsUtc(new Date(whole)) - whole;
}

/**
 * The instant today (the Amsterdam day of `now`) began. Midnight is never skipped or repeated
 * there (clocks change at 02:00/03:00), so the offset at midnight is the one to take: the first
 * guess uses the offset at `now`, the second corrects it when a clock change lies between.
 */
export function startOfAmsterdamDay(now: Date): Date {
  const wall = wallClockAsUtc(now);
  const midnightWall = wall - (wall % 86_400_000);
  let start = midnightWall - offsetAt(now);
  start = midnightWall - offsetAt(new Date(start));
  return new Date(start);
}
