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

/**
 * The credits a payment's reversals (refunds and chargebacks) have claimed back once `reversed`
 * of its `amount` cents are reversed: the same share of its credits, rounded up, never more
 * than it bought. docs/features/credits-and-payments.md, "Refunds and chargebacks".
 */
export function creditsOwedBack(
  payment: { credits: number; amountCents: number },
  reversedCents: number,
): number {
  if (payment.amountCents <= 0 || reversedCents <= 0) return 0;
  return Math.min(
    payment.credits,
    Math.ceil(
      (payment.credits * Math.min(reversedCents, payment.amountCents)) / payment.amountCents,
    ),
  );
}

/**
 * What one more reversal of `cents` does to the member's credits: `owed` is its share (what
 * `creditsOwedBack` adds for it), `taken` what leaves the balance (as far as the credits are
 * unspent: never below 0), `short` the rest, already spent. The console shows it before an
 * admin confirms a refund, and the settlement books exactly this.
 */
export function reversalCredits(
  payment: { credits: number; amountCents: number; reversedCents: number },
  cents: number,
  balance: number,
): { owed: number; taken: number; short: number } {
  const reversed = Math.min(payment.amountCents, payment.reversedCents + Math.max(0, cents));
  const owed = creditsOwedBack(payment, reversed) - creditsOwedBack(payment, payment.reversedCents);
  const taken = Math.max(0, Math.min(balance, owed));
  return { owed, taken, short: owed - taken };
}

/**
 * The VAT inside a price that includes it, at a whole-percent rate: gross * rate / (100 + rate)
 * rounded half up to a whole cent, in integers only (a negative amount, a refund, is the negative
 * of its positive: a full refund takes back exactly the invoice's VAT).
 */
export function vatIncludedCents(grossCents: number, ratePercent: number): number {
  if (!Number.isSafeInteger(grossCents) || !Number.isInteger(ratePercent) || ratePercent < 0) {
    throw new Error(`Not whole cents and a whole rate: ${grossCents}, ${ratePercent}`);
  }
  if (grossCents < 0) return -vatIncludedCents(-grossCents, ratePercent);
  const divisor = 100 + ratePercent;
  // round half up: floor((2 * gross * rate + divisor) / (2 * divisor))
  const numerator = 2 * grossCents * ratePercent + divisor;
  return (numerator - (numerator % (2 * divisor))) / (2 * divisor);
}
