import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  PAYMENT_METHOD_INFO,
  type CreatePaymentRequest,
  type PaymentMethodId,
  type PaymentMethodsQuery,
  type PaymentMethodsResponse,
  type PaymentResponse,
  type RepeatOrderRequest,
  type RepeatOrderResponse,
} from '@app/contract';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { DiscountsService, type AppliedDiscount } from '../discounts';
import type { Payment, Prisma } from '../generated/prisma/client';
import { OwnProfileReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { DirectDebitLimits } from './direct-debit-limits';
import { MethodsService } from './methods.service';
import { presentPayment } from './payment.presenter';
import { PricingService } from './pricing.service';
import {
  PAYMENT_PROVIDER,
  ProviderError,
  type PaymentProvider,
  type SequenceType,
} from './providers/payment-provider';
import { SettlementService } from './settlement.service';

/** Mollie's locales for our languages, by the member's country where it matters. */
const LOCALES: Record<string, string> = {
  nl: 'nl_NL',
  'nl-BE': 'nl_BE',
  en: 'en_GB',
  'en-US': 'en_US',
  de: 'de_DE',
  'de-AT': 'de_AT',
  'de-CH': 'de_CH',
  fr: 'fr_FR',
  'fr-BE': 'fr_BE',
  es: 'es_ES',
  it: 'it_IT',
  pl: 'pl_PL',
};

export interface Member {
  id: number;
  email: string | null;
  name: string;
  country: string;
  language: string;
}

export interface NewPayment {
  packageId: number;
  credits: number;
  method: PaymentMethodId;
  amountCents: number;
  currency: string;
  country: string;
  discount: AppliedDiscount | null;
  sequenceType: SequenceType;
  mandateId?: number;
  directDebitMandateId?: number;
}

/**
 * Starting payments: the methods offered for a package, a checkout payment, a repeat order on a
 * stored mandate. One Idempotency-Key (a UUID) is one payment: a retry finds the payment the key
 * made (payments' unique (user_id, idempotency_key)) and the provider, given a key derived from
 * that payment's own id (providerKey), returns the payment it made, so a lost answer never
 * charges twice.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly pricing: PricingService,
    private readonly methods: MethodsService,
    private readonly discounts: DiscountsService,
    private readonly settlement: SettlementService,
    private readonly settings: SettingsService,
    private readonly ownProfile: OwnProfileReads,
    private readonly directDebitLimits: DirectDebitLimits,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get appUrl(): string {
    return (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
  }

  /** Where the provider calls; none for Mollie when the site has no public address. */
  private webhookUrl(): string | null {
    const base = (this.config.PAYMENT_WEBHOOK_BASE_URL ?? this.appUrl).replace(/\/$/, '');
    const host = new URL(base).hostname;
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(host);
    if (local && this.provider.name === 'mollie') return null;
    return `${base}/api/payment-webhook.php`;
  }

  async member(userId: number): Promise<Member> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, language: true, staffName: true },
    });
    if (!user) throw new AppError('authentication_required');
    const [profile, country] = await Promise.all([
      this.ownProfile.read(userId, { name: true }),
      this.pricing.billingCountry(userId),
    ]);
    return {
      id: user.id,
      email: user.email,
      name: profile?.name ?? user.staffName ?? '',
      country,
      language: user.language,
    };
  }

  /** GET /api/payment-methods.php */
  async offer(userId: number, query: PaymentMethodsQuery): Promise<PaymentMethodsResponse> {
    const member = await this.member(userId);
    const pkg = await this.pricing.package(query.package, member.country);
    const discount = query.code
      ? await this.discounts.apply(this.prisma, userId, query.code, {
          priceCents: pkg.price_cents,
          currency: pkg.currency,
          country: member.country,
        })
      : null;
    const amountCents = pkg.price_cents - (discount?.cents ?? 0);
    return {
      country: member.country,
      currency: pkg.currency,
      package: pkg,
      amount_cents: amountCents,
      discount_cents: discount?.cents ?? 0,
      discount_code: discount?.code ?? null,
      methods: await this.methods.offered({
        country: member.country,
        currency: pkg.currency,
        amountCents,
        locale: this.locale(member),
      }),
    };
  }

  /** POST /api/payment.php */
  async create(
    userId: number,
    idempotencyKey: string,
    body: CreatePaymentRequest,
  ): Promise<PaymentResponse> {
    const existing = await this.earlier(userId, idempotencyKey, {
      packageId: body.package,
      method: body.method,
    });
    if (existing) return this.submit(existing);
    const member = await this.member(userId);
    const pkg = await this.pricing.package(body.package, member.country);
    const discount = body.code
      ? await this.discounts.apply(this.prisma, userId, body.code, {
          priceCents: pkg.price_cents,
          currency: pkg.currency,
          country: member.country,
          method: body.method,
        })
      : null;
    const amountCents = pkg.price_cents - (discount?.cents ?? 0);
    const offered = await this.methods.find(
      {
        country: member.country,
        currency: pkg.currency,
        amountCents,
        locale: this.locale(member),
      },
      body.method,
    );
    // direct debit goes through its own form (the SMS code): /api/directdebit.php
    if (!offered || body.method === 'sdd') throw new AppError('payment_method_unavailable');
    const payment = await this.record(member, idempotencyKey, {
      packageId: pkg.id,
      credits: pkg.credits,
      method: body.method,
      amountCents,
      currency: pkg.currency,
      country: member.country,
      discount,
      sequenceType: body.remember && offered.can_remember ? 'first' : 'oneoff',
    });
    return this.submit(payment, body.issuer);
  }

  /** GET /api/repeat-order.php */
  async repeatOrder(userId: number): Promise<RepeatOrderResponse> {
    const member = await this.member(userId);
    const last = await this.lastPaidPackage(userId);
    if (last === null) return { order: null };
    const pkg = await this.pricing.package(last, member.country).catch(() => null);
    if (!pkg) return { order: null };
    const mandates = await this.prisma.paymentMandate.findMany({
      where: { userId, valid: true, provider: this.provider.name },
      orderBy: { createdAt: 'desc' },
      select: { id: true, method: true, label: true },
    });
    return { order: { package: pkg, mandates } };
  }

  /** POST /api/repeat-order.php: the last package again, charged on a stored mandate. */
  async repeat(
    userId: number,
    idempotencyKey: string,
    body: RepeatOrderRequest,
  ): Promise<PaymentResponse> {
    const existing = await this.earlier(userId, idempotencyKey, { mandateId: body.mandate });
    if (existing) return this.submit(existing);
    const member = await this.member(userId);
    const mandate = await this.prisma.paymentMandate.findFirst({
      where: { id: body.mandate, userId, valid: true, provider: this.provider.name },
    });
    const last = await this.lastPaidPackage(userId);
    if (!mandate || last === null) throw new AppError('repeat_order_unavailable');
    const pkg = await this.pricing.package(last, member.country);
    const order: NewPayment = {
      packageId: pkg.id,
      credits: pkg.credits,
      method: mandate.method,
      amountCents: pkg.price_cents,
      currency: pkg.currency,
      country: member.country,
      discount: null,
      sequenceType: 'recurring',
      mandateId: mandate.id,
    };
    if (mandate.method !== 'sdd')
      return this.submit(await this.record(member, idempotencyKey, order));
    // a SEPA debit is held to the direct debit limits like the form's, and counts for its IBAN
    const form = await this.prisma.directDebitMandate.findFirst({
      where: { userId, mandateRef: mandate.mandateRef },
      select: { id: true, iban: true, phone: true },
    });
    const payment = await this.prisma.$transaction(async (tx) => {
      const raced = await tx.payment.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
      });
      if (raced) return raced;
      await this.directDebitLimits.reserve(tx, {
        userId,
        iban: form?.iban ?? null,
        phone: form?.phone ?? null,
        amountCents: order.amountCents,
        now: new Date(),
      });
      return this.record(member, idempotencyKey, { ...order, directDebitMandateId: form?.id }, tx);
    });
    return this.submit(payment);
  }

  private async lastPaidPackage(userId: number): Promise<number | null> {
    const last = await this.prisma.payment.findFirst({
      where: { userId, creditedAt: { not: null }, packageId: { not: null } },
      orderBy: { creditedAt: 'desc' },
      select: { packageId: true },
    });
    return last?.packageId ?? null;
  }

  /**
   * The payment this member already started with this key (a retry after a lost answer), when it
   * is the same order; the same key for another order is 422 idempotency_key_reused. The
   * interceptor answers that while it keeps the first answer (24 hours); this also holds after,
   * and when the first call failed after its payment was written.
   */
  async earlier(
    userId: number,
    idempotencyKey: string,
    order: Partial<Pick<Payment, 'packageId' | 'method' | 'mandateId' | 'directDebitMandateId'>>,
  ): Promise<Payment | null> {
    const existing = await this.byKey(userId, idempotencyKey);
    if (!existing) return null;
    const differs = (Object.keys(order) as (keyof typeof order)[]).some(
      (field) => existing[field] !== order[field],
    );
    if (differs) throw new AppError('idempotency_key_reused');
    return existing;
  }

  byKey(userId: number, idempotencyKey: string): Promise<Payment | null> {
    return this.prisma.payment.findUnique({
      where: { userId_idempotencyKey: { userId, idempotencyKey } },
    });
  }

  /**
   * The payment's row, before the provider hears of it, and in the same transaction the
   * reservation of its discount code (DiscountsService.reserve): a code meant for one use, or
   * one use per member, is carried by one open checkout at a time; the payment is not written
   * when another one holds it. Its failure, expiry or cancellation releases the code, its
   * payment claims it.
   */
  async record(
    member: Member,
    idempotencyKey: string,
    p: NewPayment,
    within?: Prisma.TransactionClient,
  ): Promise<Payment> {
    try {
      return await this.transaction(within, async (tx) => {
        const payment = await tx.payment.create({
          data: {
            paymentId: `pay_${randomBytes(12).toString('hex')}`,
            userId: member.id,
            packageId: p.packageId,
            method: p.method,
            credits: p.credits,
            amountCents: p.amountCents,
            currency: p.currency,
            countryCode: p.country,
            discountCodeId: p.discount?.codeId ?? null,
            discountCents: p.discount?.cents ?? 0,
            provider: this.provider.name,
            idempotencyKey,
            sequenceType: p.sequenceType,
            mandateId: p.mandateId ?? null,
            directDebitMandateId: p.directDebitMandateId ?? null,
          },
        });
        if (p.discount) await this.discounts.reserve(tx, p.discount, payment);
        return payment;
      });
    } catch (error) {
      // inside the caller's transaction a violation has ended it: the caller answers
      if (within || !isUniqueViolation(error)) throw error;
      const raced = await this.byKey(member.id, idempotencyKey);
      if (!raced) throw error;
      return raced;
    }
  }

  /** `run` in the caller's transaction (`within`), else in a transaction of its own. */
  private transaction<T>(
    within: Prisma.TransactionClient | undefined,
    run: (tx: Prisma.TransactionClient) => Promise<T>,
  ): Promise<T> {
    return within ? run(within) : this.prisma.$transaction(run);
  }

  /**
   * Hands the payment to the provider (again, after a lost answer: the provider's idempotency
   * key returns the same one) and books what the provider answered. A payment that never
   * reached the provider and expired meanwhile (its code released: the hourly
   * SettlementService.lapse) is not handed over any more.
   */
  async submit(payment: Payment, issuer?: string): Promise<PaymentResponse> {
    if (payment.providerRef || payment.status !== 'pending') {
      return { payment: presentPayment(payment) };
    }
    const info = PAYMENT_METHOD_INFO[payment.method];
    if (!info.provider) throw new AppError('payment_method_unavailable');
    const member = await this.member(payment.userId);
    const customerRef = payment.sequenceType === 'oneoff' ? undefined : await this.customer(member);
    const mandate =
      payment.mandateId !== null
        ? await this.prisma.paymentMandate.findUnique({ where: { id: payment.mandateId } })
        : null;
    const recurring = payment.sequenceType === 'recurring';
    const providerMethod =
      recurring && mandate ? PAYMENT_METHOD_INFO[mandate.method].provider : info.provider;
    const name = (await this.settings.stored()).name;
    let remote;
    try {
      remote = await this.provider.createPayment({
        amountCents: payment.amountCents,
        currency: payment.currency,
        description: `${name}: ${payment.credits} credits`,
        method: providerMethod ?? info.provider,
        redirectUrl: recurring
          ? null
          : `${this.appUrl}/credits/${payment.packageId ?? 0}/${payment.method}?payment=${payment.paymentId}`,
        webhookUrl: this.webhookUrl(),
        // our own payment's unique id, never the member's key: members' keys can be the same
        idempotencyKey: providerKey(payment),
        paymentId: payment.paymentId,
        locale: this.locale(member),
        billingCountry: payment.countryCode ?? member.country,
        sequenceType: payment.sequenceType,
        customerRef: recurring ? (mandate?.customerRef ?? customerRef) : customerRef,
        mandateRef: recurring ? mandate?.mandateRef : undefined,
        issuer: info.bankChoice ? issuer : undefined,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new ProviderError(`creating ${payment.paymentId} failed`, error);
    }
    await this.prisma.payment.updateMany({
      where: { id: payment.id, providerRef: null },
      data: { providerRef: remote.ref, checkoutUrl: remote.checkoutUrl },
    });
    await this.settlement.apply(payment.id, remote);
    const stored = await this.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    return { payment: presentPayment(stored) };
  }

  /** The member as the provider's customer (made once per provider; mandates hang on it). */
  async customer(member: Member): Promise<string> {
    const where = { userId_provider: { userId: member.id, provider: this.provider.name } };
    const known = await this.prisma.paymentCustomer.findUnique({ where });
    if (known) return known.customerRef;
    const customerRef = await this.provider.createCustomer({
      name: member.name,
      email: member.email,
      locale: this.locale(member),
      userId: member.id,
    });
    try {
      await this.prisma.paymentCustomer.create({
        data: { userId: member.id, provider: this.provider.name, customerRef },
      });
      return customerRef;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await this.prisma.paymentCustomer.findUniqueOrThrow({ where })).customerRef;
    }
  }

  locale(member: Member): string {
    const language = member.language.slice(0, 2);
    return LOCALES[`${language}-${member.country}`] ?? LOCALES[language] ?? 'nl_NL';
  }
}

/**
 * The idempotency key the provider gets for a payment: our payment's own id (random and unique),
 * the same on every retry of one payment, since the row is written before the provider is asked.
 * The member's Idempotency-Key is only unique per member, and a provider deduplicates by key
 * alone (security review 2026-11-25, L1).
 */
export function providerKey(payment: Pick<Payment, 'paymentId'>, what = 'payment'): string {
  return `${payment.paymentId}-${what}`;
}
