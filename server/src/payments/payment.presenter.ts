import type { Payment as PaymentView } from '@app/contract';
import type { Payment } from '../generated/prisma/client';

/** The member's view of a payment (SPEC point 3, Payment). */
export function presentPayment(payment: Payment, discountCode: string | null = null): PaymentView {
  return {
    payment_id: payment.paymentId,
    status: payment.status,
    method: payment.method,
    bank: payment.bank,
    credits: payment.credits,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    transaction_costs_cents: payment.transactionCostsCents,
    discount_cents: payment.discountCents,
    discount_code: discountCode,
    package_id: payment.packageId,
    sequence_type: payment.sequenceType,
    reversed_cents: payment.reversedCents,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    checkout_url: payment.status === 'pending' ? payment.checkoutUrl : null,
  };
}

/** VAT included in EU consumer prices of digital services: the buyer's country's rate (OSS). */
export const EU_VAT_RATES: Readonly<Record<string, number>> = {
  NL: 21,
  BE: 21,
  DE: 19,
  AT: 20,
  IT: 22,
  FR: 20,
  ES: 21,
  IE: 23,
  PL: 23,
};

/**
 * The country whose VAT a payment bears (OSS: where the buyer is): the card's or account's
 * country when the provider told us, else the billing country the payment was made in.
 */
export function vatCountryOf(payment: {
  payerCountry: string | null;
  countryCode: string | null;
}): string | null {
  return payment.payerCountry ?? payment.countryCode;
}

/** The VAT rate (whole percent) of a buyer's country; null outside the EU table. */
export function vatRateOf(country: string | null): number | null {
  return country ? (EU_VAT_RATES[country] ?? null) : null;
}

/** "VK-000123" */
export function invoiceNumber(n: number | null): string | null {
  return n === null ? null : `VK-${String(n).padStart(6, '0')}`;
}
