import { formatPageDate, termsVersionDate } from './terms-date';

describe('the terms version date', () => {
  it('is 2023-12-01T12:00:00Z for a company added before it', () => {
    expect(termsVersionDate('2020-05-04T10:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it("is the company's added date when that is later", () => {
    expect(termsVersionDate('2025-03-10T08:30:00Z').toISOString()).toBe('2025-03-10T08:30:00.000Z');
  });

  it('is the base date when the company was added at that very moment', () => {
    expect(termsVersionDate('2023-12-01T12:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('falls back to the base date without a readable added date', () => {
    expect(termsVersionDate(undefined).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it("is written in the page's language", () => {
    const date = new Date('2025-03-10T08:30:00Z');
    expect(formatPageDate(date, 'nl')).toBe('10 maart 2025');
    expect(formatPageDate(date, 'en')).toBe('March 10, 2025');
    expect(formatPageDate(date, 'de')).toBe('10. März 2025');
    expect(formatPageDate(date, 'pl')).toBe('10 marca 2025');
  });
});
