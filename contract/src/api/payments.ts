import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods';
import { dbId, dbIdNumber } from './fields';

/**
 * Credits, premium and payments (SPEC points 1-4, 7, 8, 9). Money is integer cents in the
 * currency of the member's country (a visitor's: the country asked for, else the site's);
 * credits are integers. A first paid purchase makes the member premium (`paid_user`).
 *
 * A payment is created with an `Idempotency-Key` (a UUID, the same on every retry: one key, one
 * payment), is paid at the provider's checkout, and its status arrives by the provider's webhook
 * and by the return check (`GET /api/payment.php`). Credits are booked exactly once, when the
 * provider reports it paid, in one transaction with the ledger; a refund or chargeback takes
 * them back (never below a zero balance).
 */

export const paymentMethodId = z.enum(PAYMENT_METHODS);

/** A public payment id (`pay_` and 24 letters and digits). */
export const publicPaymentId = z.string().regex(/^pay_[A-Za-z0-9]{24}$/);

export const paymentStatus = z.enum([
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof paymentStatus>;

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());

// ---------------------------------------------------------------- packages

/** A credit package priced in one currency. */
export const creditPackage = z.object({
  id: z.number().int(),
  slug: z.string(),
  credits: z.number().int().positive(),
  price_cents: z.number().int().positive(),
  currency: z.string().length(3),
  /** Price of one credit in cents (not rounded: for display). */
  price_per_credit_cents: z.number().positive(),
  /** The small first-purchase package. */
  tryout: z.boolean(),
  /** Marked "most chosen" by the operator. */
  popular: z.boolean(),
  /** The lowest price per credit of the list. */
  best_value: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackage>;

/**
 * GET /api/packages.php: the active packages in the currency of the member's country (visitors
 * too: `country`, else the site's GeoIP country).
 */
export const packagesQuery = z.object({ country: countryCode.optional() });
export const packagesResponse = z.object({
  country: z.string().length(2),
  currency: z.string().length(3),
  packages: z.array(creditPackage),
});
export type PackagesResponse = z.infer<typeof packagesResponse>;

// ---------------------------------------------------------------- discount codes

/**
 * GET /api/discountcode.php: a code the member typed (`code`), or the welcome code
 * TIMEBONUS25 (`welcome=true`: for a member who has not paid yet, within TIME_BONUS_WINDOW_S
 * of signup, while not used; otherwise 404, which the web ignores). Looking a code up never
 * reserves or claims it: a checkout reserves it, its paid payment claims it. 404
 * `discount_not_found` ('Code niet gevonden'), 409 `discount_used` ('Code reeds gebruikt'),
 * 409 `discount_reserved` (an open checkout has it). Codes that are not found count against
 * RATE_LIMIT_DISCOUNT_CODE_GUESSES_PER_HOUR (here, in payment-methods.php and payment.php):
 * past it, every typed code is answered 429 `rate_limited` for the rest of the hour.
 */
export const discountCodeQuery = z
  .object({
    code: z.string().trim().min(1).max(50).optional(),
    welcome: z.enum(['true']).optional(),
  })
  .refine((q) => (q.code === undefined) !== (q.welcome === undefined), {
    message: 'code or welcome=true',
    path: ['code'],
  });
export type DiscountCodeQuery = z.infer<typeof discountCodeQuery>;

/** SPEC point 3, Discount code (and the time bonus's fields). */
export const discountCode = z.object({
  code: z.string(),
  value_percentage: z.number().positive().max(100),
  /** Minimum order value in cents of `currency` (0: none). */
  minimum_order_value: z.number().int().nonnegative(),
  /** Only in this country (null: any). */
  country: z.string().nullable(),
  /** Only in this currency (null: any). */
  currency: z.string().nullable(),
  /** Only with these methods (empty: any). */
  paymentmethods: z.array(paymentMethodId),
  /** When it ends (the welcome code: 4 hours after signup); null: never. */
  expires: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once_per_user', 'once', 'unlimited']),
  expired: z.boolean(),
  /** Seconds until it expires, counted by the server (null: never). */
  seconds_left: z.number().int().nonnegative().nullable(),
});
export type DiscountCode = z.infer<typeof discountCode>;

export const discountCodeResponse = z.object({ discountcode: discountCode });
export type DiscountCodeResponse = z.infer<typeof discountCodeResponse>;

/**
 * POST /api/delete-discount.php: the deletion offer (SPEC point 4, "discount code") for the
 * member on the deletion page: a personal code (bound to the member, accepted from nobody else,
 * valid for days) issued on the first call and answered again on the next ones; null when the
 * site makes no offer or the member has used theirs.
 */
export const deleteDiscountResponse = z.object({ discountcode: discountCode.nullable() });
export type DeleteDiscountResponse = z.infer<typeof deleteDiscountResponse>;

// ---------------------------------------------------------------- payment methods

/**
 * GET /api/payment-methods.php?package=&code=: the method blocks offered for the package in the
 * member's country, after the discount of `code` (if it applies): the country's blocks
 * (contract/payment-methods.ts) that the provider reports active for that amount.
 */
export const paymentMethodsQuery = z.object({
  package: dbId,
  code: z.string().trim().min(1).max(50).optional(),
});
export type PaymentMethodsQuery = z.infer<typeof paymentMethodsQuery>;

export const offeredMethod = z.object({
  id: paymentMethodId,
  /** The card block's brands (empty for other blocks). */
  brands: z.array(paymentMethodId),
  /** Paid at once; false: pending for days (bank transfer, direct debit). */
  instant: z.boolean(),
  /** A bank to choose here first (no active method needs one today: empty). */
  issuers: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The method can be remembered for repeat orders (`remember` on the payment). */
  can_remember: z.boolean(),
});
export type OfferedMethod = z.infer<typeof offeredMethod>;

export const paymentMethodsResponse = z.object({
  country: z.string().length(2),
  currency: z.string().length(3),
  package: creditPackage,
  /** What the member pays (after the discount). */
  amount_cents: z.number().int().positive(),
  discount_cents: z.number().int().nonnegative(),
  discount_code: z.string().nullable(),
  methods: z.array(offeredMethod),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

// ---------------------------------------------------------------- payments

/**
 * POST /api/payment.php (Idempotency-Key required, a UUID): a payment of a package by a method,
 * with an optional discount code; `remember` stores the method for repeat orders (a first
 * payment with a mandate). Answers the payment and the provider's checkout URL to send the
 * payer to. Errors: `not_found` (package), `payment_method_unavailable`, the discount errors.
 */
export const createPaymentRequest = z.object({
  package: dbIdNumber,
  method: paymentMethodId,
  code: z.string().trim().min(1).max(50).optional(),
  remember: z.boolean().optional(),
  /** A bank chosen on our page (only for a method that still needs one). */
  issuer: z.string().max(50).optional(),
  /**
   * The member's consent to immediate delivery (the checkout's unticked checkbox): delivery
   * starts now and the right of withdrawal ends for what is used. Without it (not `true`): 400
   * delivery_consent_required. Stored with the payment (DELIVERY_CONSENT_VERSION).
   */
  delivery_consent: z.boolean().optional(),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

/** A member's payment (SPEC point 3, Payment). */
export const payment = z.object({
  payment_id: z.string(),
  status: paymentStatus,
  method: paymentMethodId,
  /** The payer's bank as the provider reports it (iDEAL, Bancontact, direct debit), else null. */
  bank: z.string().nullable(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  transaction_costs_cents: z.number().int(),
  discount_cents: z.number().int(),
  discount_code: z.string().nullable(),
  package_id: z.number().int().nullable(),
  sequence_type: z.enum(['oneoff', 'first', 'recurring']),
  /** Refunded and charged back, in cents. */
  reversed_cents: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The provider's page while the payment can still be paid there. */
  checkout_url: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;

export const paymentResponse = z.object({ payment });
export type PaymentResponse = z.infer<typeof paymentResponse>;

/**
 * GET /api/payment.php?payment_id=: the member's payment; while pending, its status is read
 * from the provider first (at most every PAYMENT_CHECK_INTERVAL_MS): the return check.
 */
export const paymentQuery = z.object({ payment_id: publicPaymentId });

/** POST /api/payment-webhook.php: the provider's call (form field `id`); 200 for any id. */
export const paymentWebhookRequest = z.object({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------- repeat order

export const storedMandate = z.object({
  id: z.number().int(),
  method: paymentMethodId,
  /** What the member recognises: "Visa •••• 4242", "NL** INGB •••• 1234". */
  label: z.string(),
});
export type StoredMandate = z.infer<typeof storedMandate>;

/**
 * GET /api/repeat-order.php: the package of the member's last paid purchase (in today's price)
 * and the stored methods it can be charged on; `order` null when there is none.
 */
export const repeatOrderResponse = z.object({
  order: z
    .object({
      package: creditPackage,
      mandates: z.array(storedMandate),
    })
    .nullable(),
});
export type RepeatOrderResponse = z.infer<typeof repeatOrderResponse>;

/**
 * POST /api/repeat-order.php (Idempotency-Key required): buys that package again on a stored
 * mandate, without a checkout; the answer is pending, then paid or failed (the web polls).
 */
export const repeatOrderRequest = z.object({
  mandate: dbIdNumber,
  /** As the checkout's: required (true), else 400 delivery_consent_required. */
  delivery_consent: z.boolean().optional(),
});
export type RepeatOrderRequest = z.infer<typeof repeatOrderRequest>;

// ---------------------------------------------------------------- direct debit

/**
 * POST /api/directdebit.php: the direct debit form (SPEC point 3) for a package. Checks the
 * IBAN (a SEPA account), the address and phone, the consent, whether the member or the account
 * is blocked for direct debit (`directdebit_blocked`) and the limit (`directdebit_limit_reached`),
 * then texts a code to the phone. Answers the form's id and the phone, partly hidden.
 */
export const directDebitRequest = z.object({
  package: dbIdNumber,
  account_holder: z.string().trim().min(2).max(100),
  iban: z.string().trim().min(5).max(50),
  street: z.string().trim().min(1).max(100),
  house_number: z.string().trim().min(1).max(20),
  zip: z.string().trim().min(2).max(12),
  city: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(6).max(25),
  consent: z.boolean(),
  /**
   * The consent to immediate delivery, as at the checkout: required (true), else 400
   * delivery_consent_required; kept with the form and stored with its payment.
   */
  delivery_consent: z.boolean().optional(),
  code: z.string().trim().min(1).max(50).optional(),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequest>;

export const directDebitResponse = z.object({
  mandate: z.object({
    id: z.number().int(),
    phone_hint: z.string(),
    expires_at: z.string(),
  }),
});
export type DirectDebitResponse = z.infer<typeof directDebitResponse>;

/** POST /api/directdebit-code.php: a new SMS code for the form (SMS_CODES_PER_HOUR). */
export const directDebitCodeRequest = z.object({ mandate: dbIdNumber });

/**
 * POST /api/directdebit-confirm.php (Idempotency-Key required): the SMS code ('Code ongeldig'
 * when wrong, expired or tried too often); then the mandate is stored at the provider and the
 * package is debited: the payment answered is pending until the bank collects it.
 */
export const directDebitConfirmRequest = z.object({
  mandate: dbIdNumber,
  otp: z.string().trim().min(1).max(12),
});
export type DirectDebitConfirmRequest = z.infer<typeof directDebitConfirmRequest>;

// ---------------------------------------------------------------- transactions

/** GET /api/transactions.php?before=: the member's payments, newest first, a page at a time. */
export const transactionsQuery = z.object({ before: dbId.optional() });

export const transaction = payment.extend({
  package: z.object({ slug: z.string(), credits: z.number().int() }).nullable(),
  /** The invoice's number once paid ("VK-000123"); null before. */
  invoice_number: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsResponse = z.object({
  transactions: z.array(transaction),
  /** The `before` of the next page; null on the last. */
  next_before: z.number().int().nullable(),
});
export type TransactionsResponse = z.infer<typeof transactionsResponse>;

/** An invoice of a paid payment; the seller is companyinfo.php. Prices include VAT. */
export const invoice = z.object({
  number: z.string(),
  date: z.string(),
  buyer: z.object({ name: z.string(), email: z.string().nullable(), country: z.string() }),
  description: z.string(),
  credits: z.number().int(),
  /** Before the discount. */
  price_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  /** The VAT included in the total (EU: the buyer's country's rate); null: not applicable. */
  vat_rate: z.number().nullable(),
  vat_cents: z.number().int(),
  currency: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** GET /api/transaction.php?payment_id=: one payment of the member and, once paid, its invoice. */
export const transactionQuery = z.object({ payment_id: publicPaymentId });
export const transactionResponse = z.object({ transaction, invoice: invoice.nullable() });
export type TransactionResponse = z.infer<typeof transactionResponse>;
