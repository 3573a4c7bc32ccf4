/**
 * The spec's 18 payment methods (SPEC point 3) and what became of each. The spec was written
 * before giropay ended (30 June 2024) and Sofort was switched off (2025), and before iDEAL 2.0
 * moved the choice of bank onto iDEAL's own page; card brands are paid through one card
 * checkout. Which methods a member is offered is decided per payment by the provider's own
 * list of active methods for the country and amount; this catalogue says which blocks a
 * country shows, in which order, and which provider method pays each block.
 * Keep this file free of imports so either side can load it.
 */

export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'nexi',
  'cartebancaire',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

/**
 * - `active`: offered as its own block where the country lists it and the provider has it on;
 * - `card_brand`: a brand accepted by the card checkout (the `creditcard` block names it);
 * - `discontinued`: the scheme no longer exists; kept so old payments still show their method.
 */
export type PaymentMethodState = 'active' | 'card_brand' | 'discontinued';

/** Methods of the providers (Mollie's ids; the sandbox provider uses the same). */
export type ProviderMethodId =
  | 'ideal'
  | 'bancontact'
  | 'creditcard'
  | 'applepay'
  | 'paypal'
  | 'paysafecard'
  | 'banktransfer'
  | 'directdebit'
  | 'eps'
  | 'przelewy24'
  | 'blik';

export interface PaymentMethodInfo {
  state: PaymentMethodState;
  /** The provider method that pays this block (null: discontinued). */
  provider: ProviderMethodId | null;
  /**
   * Whether the member chooses a bank on our page before paying. No active method needs it
   * any more: iDEAL 2.0, EPS and Przelewy24 choose the bank on their own page.
   */
  bankChoice: boolean;
  /** Paid at once (false: the money arrives later: bank transfer, direct debit). */
  instant: boolean;
  /** When the scheme ended (ISO date). */
  endedOn?: string;
}

export const PAYMENT_METHOD_INFO: Readonly<Record<PaymentMethodId, PaymentMethodInfo>> = {
  sdd: { state: 'active', provider: 'directdebit', bankChoice: false, instant: false },
  prezelewy24: { state: 'active', provider: 'przelewy24', bankChoice: false, instant: true },
  blik: { state: 'active', provider: 'blik', bankChoice: false, instant: true },
  sct: { state: 'active', provider: 'banktransfer', bankChoice: false, instant: false },
  giropay: {
    state: 'discontinued',
    provider: null,
    bankChoice: false,
    instant: true,
    endedOn: '2024-06-30',
  },
  mastercard: { state: 'card_brand', provider: 'creditcard', bankChoice: false, instant: true },
  visa: { state: 'card_brand', provider: 'creditcard', bankChoice: false, instant: true },
  creditcard: { state: 'active', provider: 'creditcard', bankChoice: false, instant: true },
  nexi: { state: 'card_brand', provider: 'creditcard', bankChoice: false, instant: true },
  // the French card scheme: the card checkout, shown in France under its own name
  cartebancaire: { state: 'active', provider: 'creditcard', bankChoice: false, instant: true },
  ideal: { state: 'active', provider: 'ideal', bankChoice: false, instant: true },
  bancontact: { state: 'active', provider: 'bancontact', bankChoice: false, instant: true },
  applepay: { state: 'active', provider: 'applepay', bankChoice: false, instant: true },
  paysafecard: { state: 'active', provider: 'paysafecard', bankChoice: false, instant: true },
  maestro: { state: 'card_brand', provider: 'creditcard', bankChoice: false, instant: true },
  paypal: { state: 'active', provider: 'paypal', bankChoice: false, instant: true },
  sofort: {
    state: 'discontinued',
    provider: null,
    bankChoice: false,
    instant: true,
    endedOn: '2025-01-31',
  },
  eps: { state: 'active', provider: 'eps', bankChoice: false, instant: true },
};

/** Card brands the card block names, per country (the default for other countries). */
export const CARD_BRANDS: Readonly<Record<string, readonly PaymentMethodId[]>> = {
  default: ['visa', 'mastercard', 'maestro'],
  FR: ['cartebancaire', 'visa', 'mastercard'],
  IT: ['visa', 'mastercard', 'maestro', 'nexi'],
};

const SEPA_CARD_WALLET: readonly PaymentMethodId[] = ['creditcard', 'paypal', 'applepay'];
const SEPA_SLOW: readonly PaymentMethodId[] = ['sdd', 'sct', 'paysafecard'];

/**
 * The payment method blocks of each supported country, most used there first (SPEC point 2:
 * "payment method blocks"). The provider's active methods decide which of them show.
 */
export const COUNTRY_PAYMENT_METHODS: Readonly<Record<string, readonly PaymentMethodId[]>> = {
  NL: ['ideal', ...SEPA_CARD_WALLET, ...SEPA_SLOW],
  BE: ['bancontact', ...SEPA_CARD_WALLET, ...SEPA_SLOW],
  DE: [...SEPA_CARD_WALLET, ...SEPA_SLOW],
  AT: ['eps', ...SEPA_CARD_WALLET, ...SEPA_SLOW],
  FR: ['cartebancaire', 'paypal', 'applepay', ...SEPA_SLOW],
  IT: [...SEPA_CARD_WALLET, ...SEPA_SLOW],
  ES: [...SEPA_CARD_WALLET, ...SEPA_SLOW],
  IE: [...SEPA_CARD_WALLET, ...SEPA_SLOW],
  PL: ['blik', 'prezelewy24', ...SEPA_CARD_WALLET, 'paysafecard'],
  GB: [...SEPA_CARD_WALLET, 'paysafecard'],
  CH: [...SEPA_CARD_WALLET, 'paysafecard'],
  US: [...SEPA_CARD_WALLET, 'paysafecard'],
  CA: [...SEPA_CARD_WALLET, 'paysafecard'],
  AU: [...SEPA_CARD_WALLET, 'paysafecard'],
  NZ: [...SEPA_CARD_WALLET, 'paysafecard'],
};

export function isPaymentMethod(value: string): value is PaymentMethodId {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
