/**
 * Money is integer cents (ARCHITECTURE "Data"). The one rule for a discount, so the price the
 * web shows is the price the server charges. Keep this file free of imports.
 */

/** A percentage such as 25 or 12.5 as hundredths of a percent (2500, 1250), exactly. */
export function basisPoints(percentage: number | string): number {
  const text = typeof percentage === 'number' ? percentage.toFixed(2) : percentage;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a percentage with at most two decimals: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The discount on a price in cents: the percentage of it, rounded half up to a whole cent. */
export function discountCents(priceCents: number, percentage: number | string): number {
  const bp = basisPoints(percentage);
  return Math.min(priceCents, Math.floor((priceCents * bp + 5_000) / 10_000));
}

/** The price after the discount, in cents. */
export function discountedCents(priceCents: number, percentage: number | string): number {
  return priceCents - discountCents(priceCents, percentage);
}

/** Cents as the provider's decimal string ("12.34"); currencies here all have two decimals. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.34" -> 1234; refuses anything that is not a plain two-decimal amount. */
export function decimalToCents(value: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not an amount with two decimals: ${value}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
