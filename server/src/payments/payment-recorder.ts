import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DELIVERY_CONSENT_VERSION, type PaymentMethodId } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { DiscountsService, type AppliedDiscount } from '../discounts';
import type { Payment, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { Member } from './payers';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type SequenceType,
} from './providers/payment-provider';

/** A payment to write: the order, how it is paid, and on which stored mandate. */
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
  /**
   * When the member consented to immediate delivery (the checkout's checkbox): stored on the
   * payment with the text's version (DELIVERY_CONSENT_VERSION).
   */
  deliveryConsentAt?: Date;
}

/**
 * The payments' rows, for the checkout and the direct debit form alike. One Idempotency-Key (a
 * UUID) is one payment: a retry finds the payment the key made (payments' unique (user_id,
 * idempotency_key)) instead of writing a second one.
 */
@Injectable()
export class PaymentRecorder {
  constructor(
    private readonly prisma: PrismaService,
    private readonly discounts: DiscountsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

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
            deliveryConsentAt: p.deliveryConsentAt ?? null,
            deliveryConsentText: p.deliveryConsentAt ? DELIVERY_CONSENT_VERSION : null,
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
}
