import { Inject, Injectable } from '@nestjs/common';
import type {
  CreatePaymentRequest,
  PaymentMethodsQuery,
  PaymentMethodsResponse,
  PaymentResponse,
  RepeatOrderRequest,
  RepeatOrderResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { DiscountsService } from '../discounts';
import { PrismaService } from '../prisma/prisma.service';
import { DirectDebitLimits } from './direct-debit-limits';
import { MethodsService } from './methods.service';
import { Payers, providerLocale } from './payers';
import { PaymentRecorder, type NewPayment } from './payment-recorder';
import { PaymentSubmitter } from './payment-submitter';
import { PricingService } from './pricing.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';

/**
 * The consent to immediate delivery a purchase needs (EU consumer law: delivery starts now, and
 * the right of withdrawal ends for what is used): the checkout's unticked checkbox, sent as
 * `delivery_consent: true`. Its time, stored with the payment.
 */
function deliveryConsent(body: { delivery_consent?: boolean }): Date {
  if (body.delivery_consent !== true) {
    throw new AppError('delivery_consent_required', {}, 'delivery_consent');
  }
  return new Date();
}

/**
 * Starting payments: the methods offered for a package, a checkout payment, a repeat order on a
 * stored mandate. One Idempotency-Key (a UUID) is one payment: a retry finds the payment the key
 * made (PaymentRecorder) and the provider, given a key derived from that payment's own id
 * (PaymentSubmitter, providerKey), returns the payment it made, so a lost answer never charges
 * twice.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly pricing: PricingService,
    private readonly methods: MethodsService,
    private readonly discounts: DiscountsService,
    private readonly payers: Payers,
    private readonly recorder: PaymentRecorder,
    private readonly submitter: PaymentSubmitter,
    private readonly directDebitLimits: DirectDebitLimits,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** GET /api/payment-methods.php */
  async offer(userId: number, query: PaymentMethodsQuery): Promise<PaymentMethodsResponse> {
    const member = await this.payers.of(userId);
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
        locale: providerLocale(member),
      }),
    };
  }

  /** POST /api/payment.php */
  async create(
    userId: number,
    idempotencyKey: string,
    body: CreatePaymentRequest,
  ): Promise<PaymentResponse> {
    const consentedAt = deliveryConsent(body);
    const existing = await this.recorder.earlier(userId, idempotencyKey, {
      packageId: body.package,
      method: body.method,
    });
    if (existing) return this.submitter.submit(existing);
    const member = await this.payers.of(userId);
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
        locale: providerLocale(member),
      },
      body.method,
    );
    // direct debit goes through its own form (the SMS code): /api/directdebit.php
    if (!offered || body.method === 'sdd') throw new AppError('payment_method_unavailable');
    const payment = await this.recorder.record(member, idempotencyKey, {
      packageId: pkg.id,
      credits: pkg.credits,
      method: body.method,
      amountCents,
      currency: pkg.currency,
      country: member.country,
      discount,
      sequenceType: body.remember && offered.can_remember ? 'first' : 'oneoff',
      deliveryConsentAt: consentedAt,
    });
    return this.submitter.submit(payment, body.issuer);
  }

  /** GET /api/repeat-order.php */
  async repeatOrder(userId: number): Promise<RepeatOrderResponse> {
    const member = await this.payers.of(userId);
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
    const consentedAt = deliveryConsent(body);
    const existing = await this.recorder.earlier(userId, idempotencyKey, {
      mandateId: body.mandate,
    });
    if (existing) return this.submitter.submit(existing);
    const member = await this.payers.of(userId);
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
      deliveryConsentAt: consentedAt,
    };
    if (mandate.method !== 'sdd')
      return this.submitter.submit(await this.recorder.record(member, idempotencyKey, order));
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
      return this.recorder.record(
        member,
        idempotencyKey,
        { ...order, directDebitMandateId: form?.id },
        tx,
      );
    });
    return this.submitter.submit(payment);
  }

  private async lastPaidPackage(userId: number): Promise<number | null> {
    const last = await this.prisma.payment.findFirst({
      where: { userId, creditedAt: { not: null }, packageId: { not: null } },
      orderBy: { creditedAt: 'desc' },
      select: { packageId: true },
    });
    return last?.packageId ?? null;
  }
}
