import { Logger } from '@nestjs/common';
import type { ProviderMethodId } from '@app/contract';
import { AppError } from '../../common/app-error';

/** A payment's status at the provider (Mollie's statuses; the sandbox uses the same). */
export type ProviderStatus =
  'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export type SequenceType = 'oneoff' | 'first' | 'recurring';

/**
 * Where a reversal stands at the provider. `standing`: the money is being or has been taken
 * back (Mollie's refund queued, pending, processing or refunded; a chargeback). The others took
 * nothing back after all: a refund that `failed` or was `canceled`, a chargeback the bank
 * `reversed`. A reversal booked while standing is unbooked once when it turns to one of them
 * (SettlementService); one never booked is never booked.
 */
export type ReversalStatus = 'standing' | 'failed' | 'canceled' | 'reversed';

/** Money the provider took back from us: a refund we made, or the payer's bank's chargeback. */
export interface ProviderReversal {
  ref: string;
  kind: 'refund' | 'chargeback';
  amountCents: number;
  status: ReversalStatus;
}

/** A payment as the provider reports it: the only source of its status. */
export interface ProviderPayment {
  ref: string;
  status: ProviderStatus;
  amountCents: number;
  currency: string;
  method: ProviderMethodId | null;
  /** The payer's bank or account as the provider names it (iDEAL's bank, a BIC), if any. */
  bank: string | null;
  /**
   * Evidence of where the payer is: the country (ISO 3166-1 alpha-2) of the card or bank account
   * paid with, once the provider reports it (null for PayPal, vouchers, or not yet known).
   */
  payerCountry: string | null;
  /**
   * What was paid with, the same for every payment with it (a card's fingerprint, the IBAN or
   * PayPal address paid from), once paid; null when the provider does not say. Only its hash is
   * kept (account-links: a payment instrument ties accounts to one person).
   */
  instrument: string | null;
  /** Where the payer pays, while it can still be paid. */
  checkoutUrl: string | null;
  customerRef: string | null;
  /** The mandate a first payment stored, or a recurring one charged. */
  mandateRef: string | null;
  /** Refunds and chargebacks, each with its status (failed or cancelled refunds included). */
  reversals: ProviderReversal[];
}

export interface ProviderMethod {
  id: ProviderMethodId;
  /** Banks to choose on our page (empty for every active method today). */
  issuers: { id: string; name: string }[];
}

export interface CreateProviderPayment {
  amountCents: number;
  currency: string;
  description: string;
  method: ProviderMethodId;
  /** Where the payer returns (null for recurring payments: no payer present). */
  redirectUrl: string | null;
  /** Where the provider reports changes (null: no public address; the return check reads). */
  webhookUrl: string | null;
  /** Our payment's key: a retried create returns the same payment. */
  idempotencyKey: string;
  /** Our public payment id, stored at the provider for support. */
  paymentId: string;
  locale: string;
  billingCountry: string;
  sequenceType: SequenceType;
  customerRef?: string;
  mandateRef?: string;
  issuer?: string;
}

/** A refund we ask of the provider (Mollie: POST /v2/payments/{id}/refunds). */
export interface CreateProviderRefund {
  paymentRef: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our refund's key: a retried create returns the refund already made. */
  idempotencyKey: string;
}

export interface ProviderMandate {
  ref: string;
  customerRef: string;
  method: ProviderMethodId;
  /** What the member recognises: "Visa •••• 4242", "NL** INGB •••• 1234". */
  label: string;
  valid: boolean;
}

export interface DirectDebitMandateInput {
  customerRef: string;
  accountHolder: string;
  iban: string;
  /** YYYY-MM-DD */
  signatureDate: string;
  mandateReference: string;
  idempotencyKey: string;
}

/**
 * The one interface the payments feature talks to a payment service provider through
 * (ARCHITECTURE "Payments"): the built-in sandbox, or Mollie. Nothing a provider sends us is
 * trusted by itself: a webhook only names a payment, which is then read here.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
  /** The methods switched on for this amount, currency and country (a provider call: cache it). */
  activeMethods(query: {
    amountCents: number;
    currency: string;
    country: string;
    locale: string;
    sequenceType: SequenceType;
  }): Promise<ProviderMethod[]>;
  createPayment(input: CreateProviderPayment): Promise<ProviderPayment>;
  /** null: the provider does not know this payment. */
  getPayment(ref: string): Promise<ProviderPayment | null>;
  createCustomer(input: {
    name: string;
    email: string | null;
    locale: string;
    userId: number;
  }): Promise<string>;
  getMandate(customerRef: string, mandateRef: string): Promise<ProviderMandate | null>;
  createDirectDebitMandate(input: DirectDebitMandateInput): Promise<ProviderMandate>;
  /**
   * Refunds (part of) a paid payment; the provider refuses more than is left (ProviderError,
   * `refused`). The refund then shows in the payment's `reversals`, as any other.
   */
  createRefund(input: CreateProviderRefund): Promise<ProviderReversal>;
}

/** Nest injection token of the configured provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * The provider could not be reached or refused the call: answered 502 payment_provider_error
 * (the member may try again; a webhook's provider retries). The cause is logged where thrown.
 */
export class ProviderError extends AppError {
  constructor(
    readonly detail: string,
    override readonly cause?: unknown,
    /** The provider answered and said no (4xx): the same call again would be refused too. */
    readonly refused = false,
  ) {
    super('payment_provider_error');
    new Logger('PaymentProvider').warn(`${detail}: ${describe(cause)}`);
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return String(cause);
}
