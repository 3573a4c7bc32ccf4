import { startOfAmsterdamDay } from './amsterdam-day';

const start = (iso: string) => startOfAmsterdamDay(new Date(iso)).toISOString();

describe('startOfAmsterdamDay', () => {
  it('begins a winter day at 23:00 UTC of the day before', () => {
    expect(start('2026-01-15T12:00:00Z')).toBe('2026-01-14T23:00:00.000Z');
  });

  it('begins a summer day at 22:00 UTC of the day before', () => {
    expect(start('2026-07-01T08:30:00Z')).toBe('2026-06-30T22:00:00.000Z');
  });

  it('counts the late evening in UTC as the next Amsterdam day', () => {
    // 23:30 UTC on 14 January is 00:30 on 15 January in Amsterdam
    expect(start('2026-01-14T23:30:00Z')).toBe('2026-01-14T23:00:00.000Z');
    expect(start('2026-01-14T22:59:59Z')).toBe('2026-01-13T23:00:00.000Z');
  });

  it('begins the day clocks go forward (29 March 2026) at winter midnight', () => {
    // 02:00 becomes 03:00 that morning; midnight was still winter time (+01:00)
    expect(start('2026-03-29T00:30:00Z')).toBe('2026-03-28T23:00:00.000Z');
    expect(start('2026-03-29T21:59:00Z')).toBe('2026-03-28T23:00:00.000Z');
    // and the day after starts at summer midnight
    expect(start('2026-03-29T22:00:00Z')).toBe('2026-03-29T22:00:00.000Z');
  });

  it('begins the day clocks go back (25 October 2026) at summer midnight', () => {
    // 03:00 becomes 02:00 that morning; midnight was still summer time (+02:00)
    expect(start('2026-10-25T00:30:00Z')).toBe('2026-10-24T22:00:00.000Z');
    expect(start('2026-10-25T22:59:00Z')).toBe('2026-10-24T22:00:00.000Z');
    expect(start('2026-10-25T23:00:00Z')).toBe('2026-10-25T23:00:00.000Z');
  });

  it('keeps the exact start of a day as its own start', () => {
    expect(start('2026-01-14T23:00:00Z')).toBe('2026-01-14T23:00:00.000Z');
  });
});
