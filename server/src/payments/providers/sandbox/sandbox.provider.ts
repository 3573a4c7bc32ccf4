import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { ProviderMethodId } from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { isUniqueViolation } from '../../../common/failures';
import type { SandboxPayment } from '../../../generated/prisma/client';
import { PrismaService } from '../../../prisma/prisma.service';
import { queryRows } from '../../../prisma/sql';
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
  type SequenceType,
} from '../payment-provider';
import { lockSandboxPaymentStatement } from './sandbox.sql';

const EVERY_CURRENCY = ['EUR', 'GBP', 'CHF', 'PLN', 'USD', 'CAD', 'AUD', 'NZD'];

interface SandboxMethod {
  currencies: readonly string[];
  minCents: number;
  sequences: readonly SequenceType[];
}

/**
 * What the sandbox reports as switched on, as a Mollie account with these methods would: by
 * currency, minimum amount and sequence (recurring only where a mandate can be charged).
 */
const SANDBOX_METHODS: Readonly<Record<ProviderMethodId, SandboxMethod>> = {
  ideal: { currencies: ['EUR'], minCents: 1, sequences: ['oneoff', 'first'] },
  bancontact: { currencies: ['EUR'], minCents: 2, sequences: ['oneoff', 'first'] },
  creditcard: {
    currencies: EVERY_CURRENCY,
    minCents: 1,
    sequences: ['oneoff', 'first', 'recurring'],
  },
  applepay: {
    currencies: EVERY_CURRENCY,
    minCents: 1,
    sequences: ['oneoff', 'first', 'recurring'],
  },
  paypal: { currencies: EVERY_CURRENCY, minCents: 1, sequences: ['oneoff', 'first', 'recurring'] },
  paysafecard: { currencies: EVERY_CURRENCY, minCents: 100, sequences: ['oneoff'] },
  banktransfer: { currencies: ['EUR'], minCents: 1, sequences: ['oneoff'] },
  directdebit: { currencies: ['EUR'], minCents: 1, sequences: ['recurring'] },
  eps: { currencies: ['EUR'], minCents: 100, sequences: ['oneoff', 'first'] },
  przelewy24: { currencies: ['PLN', 'EUR'], minCents: 1, sequences: ['oneoff'] },
  blik: { currencies: ['PLN'], minCents: 100, sequences: ['oneoff'] },
};

/** The banks iDEAL's own page offers in the sandbox (iDEAL 2.0: chosen there, not by us). */
export const SANDBOX_IDEAL_BANKS = [
  'ABN AMRO',
  'ASN Bank',
  'bunq',
  'ING',
  'Knab',
  'Rabobank',
  'Revolut',
  'SNS',
  'Triodos Bank',
];

/** What the payer (or, later, the bank) decides on the sandbox's checkout page. */
export type SandboxOutcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'open';

/** What can become of a refund after it was made (as at Mollie: it fails, or is cancelled). */
export type SandboxRefundOutcome = 'failed' | 'canceled';

interface StoredReversal {
  ref: string;
  kind: 'refund' | 'chargeback';
  amount_cents: number;
  /** The idempotency key of a refund made through the API (createRefund). */
  key?: string;
  /** A refund that failed or was cancelled later (none: it stands). */
  status?: SandboxRefundOutcome;
}

/** What is left of a payment to reverse: a failed or cancelled refund took nothing. */
function leftOf(row: SandboxPayment): number {
  const reversals = row.reversals as unknown as StoredReversal[];
  return row.amountCents - reversals.reduce((sum, r) => sum + (r.status ? 0 : r.amount_cents), 0);
}

const WEBHOOK_TIMEOUT_MS = 5_000;
const WEBHOOK_RETRY_MS = [2_000, 10_000];

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The built-in payment provider for development, tests and demos: a PSP in miniature with its
 * own books (sandbox_payments, sandbox_mandates) and a hosted checkout page on our server
 * (/sandbox/checkout/<ref>, SandboxCheckoutController) where the payer chooses the outcome. Like
 * a real PSP it then calls the webhook with the payment's id only, and sends the payer back.
 * Recurring charges on a stored card or PayPal are settled at once (paid, or failed for a
 * sandbox card that declines later charges); direct debits stay pending until "the bank"
 * decides on the same page.
 */
@Injectable()
export class SandboxProvider implements PaymentProvider, OnModuleDestroy {
  readonly name = 'sandbox' as const;
  private readonly logger = new Logger('SandboxProvider');
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly deliveries = new Set<Promise<unknown>>();

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
  }

  checkoutUrl(ref: string): string {
    return `${this.appUrl}/sandbox/checkout/${ref}`;
  }

  activeMethods(query: {
    amountCents: number;
    currency: string;
    sequenceType: SequenceType;
  }): Promise<ProviderMethod[]> {
    const active = (Object.entries(SANDBOX_METHODS) as [ProviderMethodId, SandboxMethod][])
      .filter(
        ([, rule]) =>
          rule.currencies.includes(query.currency) &&
          query.amountCents >= rule.minCents &&
          rule.sequences.includes(query.sequenceType),
      )
      .map(([id]) => ({ id, issuers: [] }));
    return Promise.resolve(active);
  }

  async createPayment(input: CreateProviderPayment): Promise<ProviderPayment> {
    const existing = await this.prisma.sandboxPayment.findUnique({
      where: { idempotencyKey: input.idempotencyKey },
    });
    if (existing) return this.present(existing);
    const rule = SANDBOX_METHODS[input.method];
    if (!rule.currencies.includes(input.currency) || !rule.sequences.includes(input.sequenceType)) {
      throw new Error(
        `sandbox: ${input.method} cannot take ${input.currency} ${input.sequenceType}`,
      );
    }
    let status: ProviderStatus = 'open';
    let bank: string | null = null;
    if (input.sequenceType === 'recurring') {
      const mandate = input.mandateRef
        ? await this.prisma.sandboxMandate.findUnique({ where: { ref: input.mandateRef } })
        : null;
      if (!mandate || mandate.status !== 'valid' || mandate.customerRef !== input.customerRef) {
        throw new Error('sandbox: a recurring payment needs a valid mandate of the customer');
      }
      bank = mandate.method === 'directdebit' ? mandate.label : null;
      // a stored card or PayPal is charged at once; a direct debit waits for the bank
      if (mandate.method !== 'directdebit') status = mandate.declines ? 'failed' : 'paid';
      else status = 'pending';
    }
    let row: SandboxPayment;
    try {
      row = await this.prisma.sandboxPayment.create({
        data: {
          ref: newRef('sbx_tr'),
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          method: input.method,
          status,
          sequenceType: input.sequenceType,
          customerRef: input.customerRef ?? null,
          mandateRef: input.sequenceType === 'recurring' ? (input.mandateRef ?? null) : null,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          idempotencyKey: input.idempotencyKey,
          bank,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      row = await this.prisma.sandboxPayment.findUniqueOrThrow({
        where: { idempotencyKey: input.idempotencyKey },
      });
    }
    if (row.status !== 'open' && row.status !== 'pending') this.notifyLater(row);
    return this.present(row);
  }

  async getPayment(ref: string): Promise<ProviderPayment | null> {
    const row = await this.prisma.sandboxPayment.findUnique({ where: { ref } });
    return row ? this.present(row) : null;
  }

  createCustomer(): Promise<string> {
    return Promise.resolve(newRef('sbx_cst'));
  }

  async getMandate(customerRef: string, mandateRef: string): Promise<ProviderMandate | null> {
    const row = await this.prisma.sandboxMandate.findUnique({ where: { ref: mandateRef } });
    if (!row || row.customerRef !== customerRef) return null;
    return {
      ref: row.ref,
      customerRef: row.customerRef,
      method: row.method as ProviderMethodId,
      label: row.label,
      valid: row.status === 'valid',
    };
  }

  /** A retried create with the same idempotency key returns the mandate it made (as Mollie). */
  async createDirectDebitMandate(input: DirectDebitMandateInput): Promise<ProviderMandate> {
    const where = { idempotencyKey: input.idempotencyKey };
    let row = await this.prisma.sandboxMandate.findUnique({ where });
    try {
      row ??= await this.prisma.sandboxMandate.create({
        data: {
          ref: newRef('sbx_mdt'),
          customerRef: input.customerRef,
          method: 'directdebit',
          label: ibanLabel(input.iban),
          idempotencyKey: input.idempotencyKey,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      row = await this.prisma.sandboxMandate.findUniqueOrThrow({ where });
    }
    return {
      ref: row.ref,
      customerRef: row.customerRef,
      method: 'directdebit',
      label: row.label,
      valid: true,
    };
  }

  /**
   * A refund through the API, as Mollie's Refunds API answers it: of a paid payment only, never
   * more than is left of it (refused like Mollie's 422), once per idempotency key (a retry gets
   * the refund made). The payment's row is locked while it is decided, so two refunds at once
   * cannot both take what is left. Then the webhook, as for any change.
   */
  async createRefund(input: CreateProviderRefund): Promise<ProviderReversal> {
    const outcome = await this.prisma.$transaction(async (tx) => {
      await queryRows(tx, lockSandboxPaymentStatement(input.paymentRef));
      const row = await tx.sandboxPayment.findUnique({ where: { ref: input.paymentRef } });
      if (!row) return { refused: 'no such payment' } as const;
      const reversals = row.reversals as unknown as StoredReversal[];
      const made = reversals.find((r) => r.key === input.idempotencyKey);
      if (made) return { reversal: made, row: null } as const;
      if (row.status !== 'paid') return { refused: `the payment is ${row.status}` } as const;
      if (input.currency !== row.currency) return { refused: 'another currency' } as const;
      const left = leftOf(row);
      if (input.amountCents <= 0 || input.amountCents > left) {
        return { refused: `${input.amountCents} is more than the ${left} left` } as const;
      }
      const reversal: StoredReversal = {
        ref: newRef('sbx_re'),
        kind: 'refund',
        amount_cents: input.amountCents,
        key: input.idempotencyKey,
      };
      const updated = await tx.sandboxPayment.update({
        where: { ref: row.ref },
        data: { reversals: [...reversals, reversal] as unknown as object[] },
      });
      return { reversal, row: updated } as const;
    });
    if ('refused' in outcome) {
      throw new ProviderError(
        `sandbox: refund of ${input.paymentRef} refused`,
        outcome.refused,
        true,
      );
    }
    if (outcome.row) this.notifyLater(outcome.row);
    return presentReversal(outcome.reversal);
  }

  // ---------------------------------------------------------------- the checkout page's side

  /** The sandbox's own record, for its checkout page. */
  find(ref: string): Promise<SandboxPayment | null> {
    return this.prisma.sandboxPayment.findUnique({ where: { ref } });
  }

  /**
   * The payer's choice on the checkout page (or, for a pending payment, the bank's): open or
   * pending payments only; then the webhook. `declinesLater` stores a card that declines later
   * charges (for repeat-order tests). Answers where the payer goes next.
   */
  async decide(
    ref: string,
    outcome: SandboxOutcome,
    options: {
      bank?: string;
      declinesLater?: boolean;
      cardCountry?: string;
      /** The instrument paid with (the page's field); by default one of this payment's own. */
      instrument?: string;
    } = {},
  ): Promise<SandboxPayment | null> {
    const row = await this.find(ref);
    if (!row) return null;
    if (outcome === 'open' || (row.status !== 'open' && row.status !== 'pending')) return row;
    let mandateRef: string | null = null;
    if (outcome === 'paid' && row.sequenceType === 'first' && row.customerRef) {
      mandateRef = newRef('sbx_mdt');
      const card = row.method === 'creditcard' || row.method === 'applepay';
      await this.prisma.sandboxMandate.create({
        data: {
          ref: mandateRef,
          customerRef: row.customerRef,
          // iDEAL and Bancontact first payments leave a SEPA direct debit mandate, as at Mollie
          method: card || row.method === 'paypal' ? row.method : 'directdebit',
          label: card
            ? 'Visa •••• 4242'
            : row.method === 'paypal'
              ? 'PayPal'
              : 'NL** INGB •••• 0417',
          declines: options.declinesLater ?? false,
        },
      });
    }
    const bank =
      row.method === 'ideal' && options.bank && SANDBOX_IDEAL_BANKS.includes(options.bank)
        ? options.bank
        : row.bank;
    const payerCountry = outcome === 'paid' ? sandboxPayerCountry(row, options.cardCountry) : null;
    const [updated] = await this.prisma.sandboxPayment.updateManyAndReturn({
      where: { ref, status: { in: ['open', 'pending'] } },
      data: {
        status: outcome,
        bank,
        payerCountry,
        instrument:
          outcome === 'paid' ? `sandbox:${options.instrument?.slice(0, 80) || row.ref}` : null,
        ...(mandateRef ? { mandateRef } : {}),
      },
    });
    if (!updated) return this.find(ref);
    await this.notify(updated);
    return updated;
  }

  /** A refund we make, or a chargeback by the payer's bank, of a paid payment (whole by default). */
  async reverse(
    ref: string,
    kind: 'refund' | 'chargeback',
    amountCents?: number,
  ): Promise<SandboxPayment | null> {
    const row = await this.find(ref);
    if (!row || row.status !== 'paid') return row;
    const reversals = row.reversals as unknown as StoredReversal[];
    const left = leftOf(row);
    const amount = Math.min(left, amountCents ?? left);
    if (amount <= 0) return row;
    const next: StoredReversal[] = [
      ...reversals,
      { ref: newRef(kind === 'refund' ? 'sbx_re' : 'sbx_chb'), kind, amount_cents: amount },
    ];
    const updated = await this.prisma.sandboxPayment.update({
      where: { ref },
      data: { reversals: next as unknown as object[] },
    });
    await this.notify(updated);
    return updated;
  }

  /**
   * A refund that fails or is cancelled after it was made, as a Mollie refund can (the bank
   * account closed, the refund cancelled while queued): `refundRef` names it, else the latest
   * refund that still stands. Its amount is free to refund again; then the webhook.
   */
  async failRefund(
    ref: string,
    outcome: SandboxRefundOutcome,
    refundRef?: string,
  ): Promise<SandboxPayment | null> {
    const { row, changed } = await this.prisma.$transaction(async (tx) => {
      await queryRows(tx, lockSandboxPaymentStatement(ref));
      const found = await tx.sandboxPayment.findUnique({ where: { ref } });
      const reversals = (found?.reversals ?? []) as unknown as StoredReversal[];
      const refund = [...reversals]
        .reverse()
        .find(
          (r) =>
            r.kind === 'refund' && !r.status && (refundRef === undefined || r.ref === refundRef),
        );
      if (!found || !refund) return { row: found, changed: false };
      const next = reversals.map((r) => (r === refund ? { ...r, status: outcome } : r));
      const updated = await tx.sandboxPayment.update({
        where: { ref },
        data: { reversals: next as unknown as object[] },
      });
      return { row: updated, changed: true };
    });
    if (row && changed) await this.notify(row);
    return row;
  }

  /** Calls the webhook like a PSP: a form post with the id only; retried twice if it fails. */
  private async notify(row: SandboxPayment, attempt = 0): Promise<void> {
    if (!row.webhookUrl) return;
    const ok = await fetch(row.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: row.ref }).toString(),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok || attempt >= WEBHOOK_RETRY_MS.length) {
      if (!ok) this.logger.warn(`sandbox webhook for ${row.ref} not accepted; gave up`);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.notify(row, attempt + 1));
    }, WEBHOOK_RETRY_MS[attempt]);
    timer.unref();
    this.timers.add(timer);
  }

  /** A webhook for a payment settled while it was created (recurring), sent after the answer. */
  private notifyLater(row: SandboxPayment): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.notify(row));
    }, 50);
    timer.unref();
    this.timers.add(timer);
  }

  private track(delivery: Promise<unknown>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.deliveries]);
  }

  private present(row: SandboxPayment): ProviderPayment {
    const reversals = (row.reversals as unknown as StoredReversal[]).map(presentReversal);
    return {
      ref: row.ref,
      status: row.status as ProviderStatus,
      amountCents: row.amountCents,
      currency: row.currency,
      method: row.method as ProviderMethodId,
      bank: row.bank,
      payerCountry: row.payerCountry,
      instrument: row.instrument,
      checkoutUrl: row.status === 'open' ? this.checkoutUrl(row.ref) : null,
      customerRef: row.customerRef,
      mandateRef: row.mandateRef,
      reversals,
    };
  }
}

function presentReversal(r: StoredReversal): ProviderReversal {
  return { ref: r.ref, kind: r.kind, amountCents: r.amount_cents, status: r.status ?? 'standing' };
}

/** The methods whose accounts are of one country (the sandbox's banks are all there). */
const METHOD_COUNTRY: Record<string, string> = { ideal: 'NL', bancontact: 'BE', eps: 'AT' };
/** The cards the sandbox's checkout page offers, by the country that issued them. */
export const SANDBOX_CARD_COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'AT', 'GB', 'US'];

/**
 * Where a paid sandbox payment says its payer is, as a real provider would: the card's country
 * as chosen on the checkout page (none chosen: no evidence), the account's country of a direct
 * debit (its IBAN label), or the one country of a national method. PayPal and the rest: none.
 */
function sandboxPayerCountry(row: SandboxPayment, cardCountry?: string): string | null {
  if (row.method === 'creditcard' || row.method === 'applepay') {
    return cardCountry && SANDBOX_CARD_COUNTRIES.includes(cardCountry) ? cardCountry : null;
  }
  if (row.method === 'directdebit')
    return /^[A-Z]{2}\*\*/.test(row.bank ?? '') ? row.bank!.slice(0, 2) : null;
  return METHOD_COUNTRY[row.method] ?? null;
}

/** "NL** INGB •••• 1234": country, bank code and last four digits of an IBAN. */
export function ibanLabel(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  const bank = /^[A-Z]{2}\d{2}([A-Z]{4})/.exec(compact)?.[1];
  return `${compact.slice(0, 2)}**${bank ? ` ${bank}` : ''} •••• ${compact.slice(-4)}`;
}
