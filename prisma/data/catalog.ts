/**
 * What the site sells and the company behind it: credit packages, gifts, discount codes and the
 * company details (SPEC points 3 and 9). Money is in integer cents (EUR); credits are integers.
 * These are business choices, not reference data: operators change them later in the database,
 * so the seed only creates rows that are missing and never overwrites them.
 */

export interface CreditPackageSeed {
  slug: string;
  credits: number;
  priceCents: number;
  tryout?: boolean;
  popular?: boolean;
}

/** A message costs 10 credits (setting message_credits), so 60 credits are 6 messages. */
export const CREDIT_PACKAGES: readonly CreditPackageSeed[] = [
  { slug: 'tryout', credits: 60, priceCents: 495, tryout: true },
  { slug: 'starter', credits: 150, priceCents: 1495 },
  { slug: 'plus', credits: 350, priceCents: 2995, popular: true },
  { slug: 'premium', credits: 800, priceCents: 5995 },
  { slug: 'vip', credits: 1500, priceCents: 9995 },
];

/**
 * Each package's price in the other currencies of the supported countries (SPEC point 1: GB,
 * CH, PL, US, CA, AU, NZ pay in their own): round local prices an operator would choose, not
 * an exchange rate applied to the euro price. Keyed by package slug; cents.
 */
export const CREDIT_PACKAGE_PRICES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  GBP: { tryout: 449, starter: 1299, plus: 2599, premium: 5299, vip: 8799 },
  CHF: { tryout: 490, starter: 1490, plus: 2990, premium: 5790, vip: 9690 },
  PLN: { tryout: 2199, starter: 6499, plus: 12999, premium: 25999, vip: 42999 },
  USD: { tryout: 549, starter: 1699, plus: 3399, premium: 6799, vip: 11299 },
  CAD: { tryout: 749, starter: 2299, plus: 4699, premium: 9299, vip: 15499 },
  AUD: { tryout: 799, starter: 2499, plus: 4999, premium: 9999, vip: 16499 },
  NZD: { tryout: 899, starter: 2799, plus: 5499, premium: 10999, vip: 17999 },
};

export interface GiftSeed {
  /** i18n key gifts.<slug> */
  slug: string;
  /** Its picture: a file in server/assets/gifts, served at /media/gifts/<image>. */
  image: string;
  credits: number;
}

export const GIFTS: readonly GiftSeed[] = [
  { slug: 'rose', image: 'rose.svg', credits: 20 },
  { slug: 'heart', image: 'heart.svg', credits: 20 },
  { slug: 'coffee', image: 'coffee.svg', credits: 20 },
  { slug: 'kiss', image: 'kiss.svg', credits: 25 },
  { slug: 'love_letter', image: 'love_letter.svg', credits: 25 },
  { slug: 'chocolate', image: 'chocolate.svg', credits: 30 },
  { slug: 'teddy', image: 'teddy.svg', credits: 40 },
  { slug: 'champagne', image: 'champagne.svg', credits: 50 },
  { slug: 'bouquet', image: 'bouquet.svg', credits: 60 },
  { slug: 'diamond_ring', image: 'diamond_ring.svg', credits: 100 },
];

export interface DiscountCodeSeed {
  code: string;
  valuePercentage: string;
  validity: 'once_per_user' | 'once' | 'unlimited';
  /** A template: never accepted itself; members get a personal copy valid this many days. */
  issueDays?: number;
}

/**
 * The template of the offer made before an account is deleted (company_info.delete_discount):
 * each member on the deletion page gets a personal copy (STAY50-<random>), valid 7 days.
 */
export const DELETE_DISCOUNT_CODE = 'STAY50';

export const DISCOUNT_CODES: readonly DiscountCodeSeed[] = [
  // the time bonus of SPEC point 9: 25% on a purchase within 4 hours of signup
  { code: 'TIMEBONUS25', valuePercentage: '25.00', validity: 'once_per_user' },
  { code: DELETE_DISCOUNT_CODE, valuePercentage: '50.00', validity: 'once_per_user', issueDays: 7 },
];

export const COMPANY_INFO = {
  id: 1,
  name: 'Vonkje Media B.V.',
  address: 'Oudegracht 120',
  kvk: '91234567',
  city: '3511 AW Utrecht',
  country: 'NL',
  tradenames: ['Vonkje', 'Vonkje.nl'],
  vatNumbers: ['NL865123457B01'],
  supportPhone: '+31 30 207 4455',
  deleteDiscount: DELETE_DISCOUNT_CODE,
  added: new Date('2024-03-01T09:00:00Z'),
};
