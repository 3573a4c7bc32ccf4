import createMollieClient, {
  type Locale,
  type MandateMethod,
  type MollieClient,
  type Payment,
  PaymentEmbed,
  type PaymentMethod,
  type SequenceType as MollieSequenceType,
} from '@mollie/api-client';
import type { ProviderMethodId } from '@app/contract';
import { centsToDecimal, decimalToCents } from '@app/contract';
import type { AppConfig } from '../../../config/config';
import {
  ProviderError,
  type CreateProviderPayment,
  type CreateProviderRefund,
  type DirectDebitMandateInput,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderReversal,
  type ProviderStatus,
  type ReversalStatus,
  type SequenceType,
} from '../payment-provider';

const OUR_METHODS: ReadonlySet<string> = new Set<ProviderMethodId>([
  'ideal',
  'bancontact',
  'creditcard',
  'applepay',
  'paypal',
  'paysafecard',
  'banktransfer',
  'directdebit',
  'eps',
  'przelewy24',
  'blik',
]);

/**
 * A Mollie refund's status as ours: queued, pending, processing and refunded take money back;
 * failed and canceled do not (docs.mollie.com, Refunds API: a refund can still fail after it
 * was pending, or be cancelled while queued or pending). An unknown status counts as standing:
 * money Mollie may take back is never left unbooked.
 */
function refundStatus(status: string): ReversalStatus {
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  return 'standing';
}

/**
 * Mollie (the Dutch PSP) through `@mollie/api-client`. Methods come from Mollie's methods API
 * for the amount, currency, sequence and billing country (Apple Pay asked for as a wallet); a
 * payment's refunds and chargebacks are read embedded in the payment. Create calls carry our
 * idempotency key, so a retried create returns the payment Mollie already made.
 * MOLLIE_API_ENDPOINT points the client elsewhere (the tests' recorded answers).
 */
export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  private readonly client: MollieClient;

  constructor(config: Pick<AppConfig, 'MOLLIE_API_KEY' | 'MOLLIE_API_ENDPOINT'>) {
    if (!config.MOLLIE_API_KEY) throw new Error('MOLLIE_API_KEY is required for Mollie');
    this.client = createMollieClient({
      apiKey: config.MOLLIE_API_KEY,
      ...(config.MOLLIE_API_ENDPOINT ? { apiEndpoint: config.MOLLIE_API_ENDPOINT } : {}),
      versionStrings: 'Vonkje/1',
    });
  }

  async activeMethods(query: {
    amountCents: number;
    currency: string;
    country: string;
    locale: string;
    sequenceType: SequenceType;
  }): Promise<ProviderMethod[]> {
    const methods = await call(() =>
      this.client.methods.list({
        amount: { value: centsToDecimal(query.amountCents), currency: query.currency },
        sequenceType: query.sequenceType as MollieSequenceType,
        billingCountry: query.country,
        locale: query.locale as Locale,
        includeWallets: 'applepay',
      }),
    );
    return methods
      .filter((method) => OUR_METHODS.has(method.id))
      .map((method) => ({
        id: method.id as ProviderMethodId,
        issuers: (method.issuers ?? []).map((issuer) => ({ id: issuer.id, name: issuer.name })),
      }));
  }

  async createPayment(input: CreateProviderPayment): Promise<ProviderPayment> {
    const payment = await call(() =>
      this.client.payments.create({
        amount: { value: centsToDecimal(input.amountCents), currency: input.currency },
        description: input.description,
        method: input.method as PaymentMethod,
        ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
        ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
        locale: input.locale as Locale,
        metadata: { payment_id: input.paymentId },
        sequenceType: input.sequenceType as MollieSequenceType,
        ...(input.customerRef ? { customerId: input.customerRef } : {}),
        ...(input.mandateRef ? { mandateId: input.mandateRef } : {}),
        ...(input.issuer ? { issuer: input.issuer } : {}),
        billingAddress: { country: input.billingCountry },
        idempotencyKey: input.idempotencyKey,
      } as Parameters<MollieClient['payments']['create']>[0]),
    );
    return present(payment);
  }

  async getPayment(ref: string): Promise<ProviderPayment | null> {
    try {
      const payment = await this.client.payments.get(ref, {
        embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks],
      });
      return present(payment);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw new ProviderError(`Mollie: reading ${ref} failed`, error);
    }
  }

  async createCustomer(input: {
    name: string;
    email: string | null;
    locale: string;
    userId: number;
  }): Promise<string> {
    const customer = await call(() =>
      this.client.customers.create({
        name: input.name,
        ...(input.email ? { email: input.email } : {}),
        locale: input.locale as Locale,
        metadata: { user_id: input.userId },
      }),
    );
    return customer.id;
  }

  async getMandate(customerRef: string, mandateRef: string): Promise<ProviderMandate | null> {
    try {
      const mandate = await this.client.customerMandates.get(mandateRef, {
        customerId: customerRef,
      });
      return presentMandate(mandate, customerRef);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw new ProviderError(`Mollie: reading mandate ${mandateRef} failed`, error);
    }
  }

  async createDirectDebitMandate(input: DirectDebitMandateInput): Promise<ProviderMandate> {
    const mandate = await call(() =>
      this.client.customerMandates.create({
        customerId: input.customerRef,
        method: 'directdebit' as MandateMethod,
        consumerName: input.accountHolder,
        consumerAccount: input.iban,
        signatureDate: input.signatureDate,
        mandateReference: input.mandateReference,
        idempotencyKey: input.idempotencyKey,
      }),
    );
    return presentMandate(mandate, input.customerRef);
  }

  /** Mollie's Refunds API (paymentRefunds.create) with our idempotency key. */
  async createRefund(input: CreateProviderRefund): Promise<ProviderReversal> {
    try {
      const refund = await this.client.paymentRefunds.create({
        paymentId: input.paymentRef,
        amount: { currency: input.currency, value: centsToDecimal(input.amountCents) },
        description: input.description,
        idempotencyKey: input.idempotencyKey,
      });
      return {
        ref: refund.id,
        kind: 'refund',
        amountCents: decimalToCents(refund.amount.value),
        status: refundStatus(refund.status),
      };
    } catch (error) {
      const status = statusOf(error);
      throw new ProviderError(
        `Mollie: refunding ${input.paymentRef} failed`,
        error,
        status !== undefined && status >= 400 && status < 500 && status !== 429,
      );
    }
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ProviderError('Mollie refused or could not be reached', error);
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function present(payment: Payment): ProviderPayment {
  const details = (payment.details ?? {}) as Record<string, unknown>;
  const bank =
    typeof details.consumerBic === 'string' && details.consumerBic
      ? details.consumerBic
      : typeof details.bankName === 'string' && details.bankName
        ? details.bankName
        : null;
  const refunds: ProviderReversal[] = (payment._embedded?.refunds ?? []).map((refund) => ({
    ref: refund.id,
    kind: 'refund',
    amountCents: decimalToCents(refund.amount.value),
    status: refundStatus(refund.status),
  }));
  // a chargeback the bank reversed (`reversedAt`) gave the money back to us
  const chargebacks: ProviderReversal[] = (payment._embedded?.chargebacks ?? []).map(
    (chargeback) => ({
      ref: chargeback.id,
      kind: 'chargeback',
      amountCents: decimalToCents(chargeback.amount.value),
      status: chargeback.reversedAt ? 'reversed' : 'standing',
    }),
  );
  return {
    ref: payment.id,
    status: payment.status as ProviderStatus,
    amountCents: decimalToCents(payment.amount.value),
    currency: payment.amount.currency,
    method:
      payment.method && OUR_METHODS.has(payment.method)
        ? (payment.method as ProviderMethodId)
        : null,
    bank,
    payerCountry: payerCountry(details),
    instrument: paymentInstrument(details),
    checkoutUrl: payment._links.checkout?.href ?? null,
    customerRef: payment.customerId ?? null,
    mandateRef: payment.mandateId ?? null,
    reversals: [...refunds, ...chargebacks],
  };
}

/**
 * The payer's country from Mollie's payment details: a card's `cardCountryCode`, else the
 * country of the IBAN the payment came from (iDEAL, Bancontact, SEPA direct debit, bank
 * transfer...). PayPal's `consumerAccount` is an e-mail address: no IBAN, no country.
 */
export function payerCountry(details: Record<string, unknown>): string | null {
  const card = details.cardCountryCode;
  if (typeof card === 'string' && /^[A-Z]{2}$/.test(card)) return card;
  const account = details.consumerAccount;
  if (typeof account !== 'string') return null;
  const iban = account.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) ? iban.slice(0, 2) : null;
}

/**
 * The instrument a payment was paid with, from Mollie's payment details: a card's
 * `cardFingerprint` (the same card at any shop), else the `consumerAccount` paid from (an IBAN,
 * a PayPal address), normalised.
 */
export function paymentInstrument(details: Record<string, unknown>): string | null {
  const card = details.cardFingerprint;
  if (typeof card === 'string' && card.length > 0) return `card:${card}`;
  const account = details.consumerAccount;
  if (typeof account !== 'string' || account.trim() === '') return null;
  return `account:${account.replace(/\s+/g, '').toLowerCase()}`;
}

function presentMandate(
  mandate: { id: string; method: string; status: string; details?: unknown },
  customerRef: string,
): ProviderMandate {
  const details = (mandate.details ?? {}) as Record<string, unknown>;
  const cardNumber = typeof details.cardNumber === 'string' ? details.cardNumber : '';
  const cardLabel = typeof details.cardLabel === 'string' ? details.cardLabel : 'Card';
  const account = typeof details.consumerAccount === 'string' ? details.consumerAccount : '';
  const label =
    mandate.method === 'creditcard'
      ? `${cardLabel} •••• ${cardNumber.slice(-4)}`
      : mandate.method === 'paypal'
        ? `PayPal${account ? ` ${account}` : ''}`
        : `${account.slice(0, 2)}** •••• ${account.slice(-4)}`;
  return {
    ref: mandate.id,
    customerRef,
    method:
      mandate.method === 'creditcard' || mandate.method === 'paypal'
        ? mandate.method
        : 'directdebit',
    label,
    valid: mandate.status === 'valid' || mandate.status === 'pending',
  };
}
