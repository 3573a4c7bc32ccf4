import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentRefundRequest, PaymentRefundResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import type { PaymentRefund, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';
import {
  PAYMENT_PROVIDER,
  ProviderError,
  type PaymentProvider,
} from './providers/payment-provider';
import { lockPaymentStatement } from './settlement.sql';
import { SettlementService } from './settlement.service';

type Tx = Prisma.TransactionClient;
type Staff = Pick<StaffPrincipal, 'userId' | 'roles'>;

/** The payment's fields the console shows (StaffMembers reads the same for the page). */
export const CONSOLE_PAYMENT = {
  id: true,
  paymentId: true,
  method: true,
  status: true,
  credits: true,
  amountCents: true,
  currency: true,
  reversedCents: true,
  creditedAt: true,
  createdAt: true,
  paidAt: true,
} satisfies Prisma.PaymentSelect;

export type ConsolePayment = Prisma.PaymentGetPayload<{ select: typeof CONSOLE_PAYMENT }>;

/**
 * An admin's refund of a member's payment from the console (issue 36): in full or in part,
 * through the provider, the credits taken back by the settlement as for any refund the provider
 * reports (contract `reversalCredits`: the refund's share, rounded up, as far as unspent).
 *
 * Once per Idempotency-Key, and never more than was paid, however the calls race:
 * 1. under the payment's row lock, a `payment_refunds` row is written with the key (unique)
 *    only if the amount fits in what is left: the amount less what is reversed and less the
 *    refunds asked and not yet answered (`requested`), so a second refund racing the first
 *    sees the first;
 * 2. the provider is asked with a key derived from that row (`<id>-refund`): a retry after a
 *    lost answer gets the refund already made, at Mollie and in the sandbox alike;
 * 3. the payment is read back from the provider and booked by SettlementService.apply, in
 *    whose transaction the row turns `done` (conditionally: only one call does it) and the
 *    audit row is written with the credits the ledger took.
 * The same key again answers what it did; for another payment or amount, 422. A refund the
 * provider refused (4xx) turns `failed` and frees its amount; one whose answer was lost stays
 * `requested` (its amount held) until the same key is sent again. A refund the provider reports
 * failed or cancelled, at once or later, turns `failed` too (the settlement unbooks it if it was
 * booked: SettlementService.undo); at once, the call answers 422 refund_refused (a provider that
 * cannot be reached: 502 payment_provider_error).
 */
@Injectable()
export class ConsoleRefunds {
  private readonly logger = new Logger('ConsoleRefunds');

  constructor(
    private readonly prisma: PrismaService,
    private readonly settlement: SettlementService,
    private readonly audit: AuditLog,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async refund(
    staff: Staff,
    userId: number,
    paymentRowId: number,
    body: PaymentRefundRequest,
    key: string,
    ip?: string,
  ): Promise<PaymentRefundResponse> {
    let request = await this.prisma.paymentRefund.findUnique({ where: { idempotencyKey: key } });
    if (request) this.sameRequest(request, paymentRowId, body.amount_cents);
    if (request?.status === 'done') return this.answer(userId, request);
    try {
      request = await this.reserve(userId, paymentRowId, body.amount_cents, key, request);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // the same key racing: the first call's row stands; this one finishes it too
      request = await this.prisma.paymentRefund.findUniqueOrThrow({
        where: { idempotencyKey: key },
      });
      this.sameRequest(request, paymentRowId, body.amount_cents);
    }
    if (request.status === 'done') return this.answer(userId, request);
    const payment = await this.prisma.payment.findUniqueOrThrow({
      where: { id: paymentRowId },
      select: { providerRef: true, currency: true, paymentId: true },
    });
    let made;
    try {
      made = await this.provider.createRefund({
        paymentRef: payment.providerRef!,
        amountCents: request.amountCents,
        currency: payment.currency,
        description: `Vonkje ${payment.paymentId}`,
        idempotencyKey: `${request.id}-refund`,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.refused) {
        await this.prisma.paymentRefund.updateMany({
          where: { id: request.id, status: 'requested' },
          data: { status: 'failed' },
        });
        this.logger.warn(
          `refund of ${payment.paymentId} refused by the provider: ${error.message}`,
        );
        throw new AppError('refund_refused');
      }
      throw error;
    }
    const remote = await this.provider.getPayment(payment.providerRef!);
    if (!remote) throw new ProviderError(`the provider lost ${payment.providerRef}`);
    const id = request.id;
    // the provider may report the refund failed or cancelled already (then it is not booked)
    const status = remote.reversals.find((r) => r.ref === made.ref)?.status ?? made.status;
    await this.settlement.apply(paymentRowId, remote, new Date(), async (tx) => {
      if (status !== 'standing') {
        await tx.paymentRefund.updateMany({
          where: { id, status: 'requested' },
          data: { status: 'failed', providerRef: made.ref },
        });
        return;
      }
      const { count } = await tx.paymentRefund.updateMany({
        where: { id, status: 'requested' },
        data: { status: 'done', providerRef: made.ref },
      });
      if (count === 0) return; // a racing call with the same key finished it
      const booked = await this.booked(tx, made.ref);
      const [now, member] = await Promise.all([
        tx.payment.findUniqueOrThrow({
          where: { id: paymentRowId },
          select: { reversedCents: true },
        }),
        tx.user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } }),
      ]);
      await this.audit.record(
        tx,
        staff,
        {
          action: 'member.payment_refunded',
          targetUserId: userId,
          subjectType: 'payment_refund',
          subjectId: key,
          before: {
            reversed_cents: now.reversedCents - request.amountCents,
            credits: member.credits + booked.creditsTaken,
          },
          after: {
            reversed_cents: now.reversedCents,
            credits: member.credits,
            payment_id: payment.paymentId,
            amount_cents: request.amountCents,
            currency: payment.currency,
            provider_ref: made.ref,
            credits_taken: booked.creditsTaken,
            credits_short: booked.creditsShort,
            ledger_id: booked.ledgerId,
          },
          reason: body.reason,
        },
        ip,
      );
    });
    const done = await this.prisma.paymentRefund.findUniqueOrThrow({ where: { id } });
    if (done.status === 'failed') {
      this.logger.warn(
        `refund ${made.ref} of ${payment.paymentId}: the provider reports it ${status}`,
      );
      throw new AppError('refund_refused');
    }
    if (done.status !== 'done') throw new AppError('idempotency_in_progress');
    return this.answer(userId, done);
  }

  /**
   * Step 1: the refund's row, under the payment's lock, if it fits (a `failed` one of the same
   * key is asked again: its amount is checked anew).
   */
  private reserve(
    userId: number,
    paymentRowId: number,
    cents: number,
    key: string,
    earlier: PaymentRefund | null,
  ): Promise<PaymentRefund> {
    return this.prisma.$transaction(async (tx) => {
      await queryRows(tx, lockPaymentStatement(paymentRowId));
      const payment = await tx.payment.findUnique({
        where: { id: paymentRowId },
        select: { ...CONSOLE_PAYMENT, userId: true },
      });
      if (!payment || payment.userId !== userId) throw new AppError('not_found');
      const current = earlier
        ? await tx.paymentRefund.findUniqueOrThrow({ where: { id: earlier.id } })
        : null;
      if (current && current.status !== 'failed') return current;
      const left = await this.refundable(tx, payment);
      if (payment.creditedAt === null || payment.status === 'refunded' || left <= 0) {
        throw new AppError('payment_not_refundable');
      }
      if (cents > left) throw new AppError('refund_exceeds_payment', {}, 'amount_cents');
      if (current) {
        return tx.paymentRefund.update({
          where: { id: current.id },
          data: { status: 'requested' },
        });
      }
      return tx.paymentRefund.create({
        data: { paymentId: paymentRowId, idempotencyKey: key, amountCents: cents },
      });
    });
  }

  /** What may still be refunded of a payment (see the class comment). */
  async refundable(
    db: Tx | PrismaService,
    payment: Pick<ConsolePayment, 'id' | 'amountCents' | 'reversedCents' | 'creditedAt'>,
  ): Promise<number> {
    if (payment.creditedAt === null) return 0;
    const pending = await db.paymentRefund.aggregate({
      where: { paymentId: payment.id, status: 'requested' },
      _sum: { amountCents: true },
    });
    return Math.max(
      0,
      payment.amountCents - payment.reversedCents - (pending._sum.amountCents ?? 0),
    );
  }

  /** The refunds asked and not answered, per payment (for the member's page). */
  async pendingByPayment(paymentIds: number[]): Promise<Map<number, number>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await this.prisma.paymentRefund.groupBy({
      by: ['paymentId'],
      where: { paymentId: { in: paymentIds }, status: 'requested' },
      _sum: { amountCents: true },
    });
    return new Map(rows.map((row) => [row.paymentId, row._sum.amountCents ?? 0]));
  }

  /** A key already used: for this payment and amount, or 422. */
  private sameRequest(request: PaymentRefund, paymentRowId: number, cents: number): void {
    if (request.paymentId !== paymentRowId || request.amountCents !== cents) {
      throw new AppError('idempotency_key_reused');
    }
  }

  /** The reversal the settlement booked for the provider's refund, and its ledger row. */
  private async booked(db: Tx | PrismaService, providerRef: string) {
    const reversal = await db.paymentReversal.findUnique({
      where: { providerRef },
      select: { creditsTaken: true, creditsShort: true, ledger: { select: { id: true } } },
    });
    return {
      creditsTaken: reversal?.creditsTaken ?? 0,
      creditsShort: reversal?.creditsShort ?? 0,
      ledgerId: reversal?.ledger?.id ?? null,
    };
  }

  private async answer(userId: number, request: PaymentRefund): Promise<PaymentRefundResponse> {
    const [payment, user, booked] = await Promise.all([
      this.prisma.payment.findUniqueOrThrow({
        where: { id: request.paymentId },
        select: CONSOLE_PAYMENT,
      }),
      this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } }),
      this.booked(this.prisma, request.providerRef!),
    ]);
    return {
      refund: {
        amount_cents: request.amountCents,
        currency: payment.currency,
        provider_ref: request.providerRef!,
        credits_taken: booked.creditsTaken,
        credits_short: booked.creditsShort,
      },
      credits: user.credits,
      payment: presentConsolePayment(payment, await this.refundable(this.prisma, payment)),
    };
  }
}

/** A payment as the console shows it. */
export function presentConsolePayment(payment: ConsolePayment, refundableCents: number) {
  return {
    id: payment.id,
    payment_id: payment.paymentId,
    method: payment.method,
    status: payment.status,
    credits: payment.credits,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    reversed_cents: payment.reversedCents,
    refundable_cents: refundableCents,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}
