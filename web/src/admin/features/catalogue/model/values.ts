/**
 * The small conversions the catalogue forms need: a price typed as "19,95" to cents and back, an
 * optional number, a price to show, and what a change (PATCH) sends.
 */

/** "19,95" or "19.95" as 1995 cents; NaN when it is no amount (the server says so). */
export function toCents(text: string): number {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return NaN;
  return Math.round(Number(value) * 100);
}

/** Cents as the amount a form shows ("19.95"). */
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** A number field's text as a number, or null when it is empty. */
export function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** A price in a currency, in the staff member's language. */
export function formatPrice(language: string, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${fromCents(cents)} ${currency}`;
  }
}

/** The entries of `after` that differ from `before`: what a change (PATCH) sends. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]),
    ),
  );
}
