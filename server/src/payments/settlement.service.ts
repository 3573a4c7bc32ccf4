import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  creditsOwedBack,
  PAYMENT_METHOD_INFO,
  type PaymentMethodId,
  type ProviderMethodId,
} from '@app/contract';
import { AccountLinks } from '../account-links';
import { AppError } from '../common/app-error';
import { CreditsService } from '../credits';
import { DiscountsService } from '../discounts';
import type { PaymentReversal, PaymentStatus, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import {
  lockCreditsStatement,
  lockPaymentStatement,
  NEXT_INVOICE,
  type HeldCreditsRow,
  type InvoiceRow,
} from './settlement.sql';
import { Realtime } from '../realtime';
import { PostbackOutbox } from '../traffic';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderPayment,
  type ProviderStatus,
  type ReversalStatus,
} from './providers/payment-provider';

type Tx = Prisma.TransactionClient;

/** A payment is read for webhook calls at most this often (see `webhook`). */
export const WEBHOOK_READ_INTERVAL_MS = 2_000;

const UNSETTLED: readonly PaymentStatus[] = ['pending'];
/** A payment that has not reached the provider this long after it was written never will. */
const UNSUBMITTED_MS = 60 * 60_000;
const FINAL_UNPAID: readonly PaymentStatus[] = ['failed', 'cancelled', 'expired'];

const STATUS: Record<Exclude<ProviderStatus, 'paid'>, PaymentStatus> = {
  open: 'pending',
  pending: 'pending',
  authorized: 'pending',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/**
 * Books what the provider says about a payment: its status, and exactly once its credits.
 *
 * The provider is the only source: a webhook names a payment, the return check asks about one,
 * and both end here with the payment as read from the provider. Every change of one payment
 * runs in one transaction under a row lock on it (SELECT ... FOR UPDATE), so webhooks delivered
 * again and again, and at the same moment as the return check, book it once: the first one
 * that sees `paid` sets credited_at, claims the discount code the checkout reserved, credits
 * the member through the ledger (whose unique (payment_id, reason) stands behind it), draws
 * the invoice number and makes the member premium. A failed, expired or cancelled payment
 * releases its code. A payment paid after we saw it expire or fail still credits (its
 * discount only if the code is still open to the member: see `credit`).
 * Refunds and chargebacks take the credits back in proportion, never more than the balance
 * holds; what could not be taken back is recorded with the reversal. A refund that fails or is
 * cancelled after it was booked (a chargeback the bank reverses) is unbooked once: see `undo`.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditsService,
    private readonly discounts: DiscountsService,
    private readonly realtime: Realtime,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly links: AccountLinks,
    private readonly postbacks: PostbackOutbox,
  ) {}

  /**
   * POST /api/payment-webhook.php: the id is only a hint; an unknown one changes nothing.
   *
   * Anyone can call the webhook, so its reads of the provider are coalesced per payment (security
   * review 2026-11-25, L8): the call that moves `webhook_read_at` (a conditional update, as the
   * return check does with `checked_at`) reads; a call within WEBHOOK_READ_INTERVAL_MS of that
   * read is answered 429 `rate_limited` with Retry-After and reads nothing. It is not answered
   * 200: the provider takes a non-2xx answer as not delivered and calls again later (Mollie
   * retries for about a day, the sandbox after 2 and 10 s), and that call, once the interval
   * has passed, reads. So a state change whose call came while another read was under way (that
   * read may have seen the provider just before the change) is still booked, whatever the
   * payment's status; nothing is lost to a flood either, which itself reads once per interval.
   * The window is the webhook's own (not `checked_at`): a member polling their return does not
   * turn the provider's calls away. The route also has a per-address limit (payment_webhooks).
   */
  async webhook(ref: string, now = new Date()): Promise<void> {
    const payment = await this.prisma.payment.findUnique({
      where: { providerRef: ref },
      select: { id: true },
    });
    if (!payment) return;
    const due = new Date(now.getTime() - WEBHOOK_READ_INTERVAL_MS);
    const { count } = await this.prisma.payment.updateMany({
      where: { id: payment.id, OR: [{ webhookReadAt: null }, { webhookReadAt: { lt: due } }] },
      data: { webhookReadAt: now },
    });
    if (count === 0) {
      throw new AppError('rate_limited', {
        retry_after: Math.ceil(WEBHOOK_READ_INTERVAL_MS / 1000),
      });
    }
    await this.refresh(payment.id);
  }

  /** Reads the payment at its provider and books what changed. */
  async refresh(paymentId: number): Promise<void> {
    const payment = await this.prisma.payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { providerRef: true, provider: true },
    });
    if (!payment.providerRef) return;
    if (payment.provider !== this.provider.name) {
      this.logger.warn(`payment ${paymentId} is at ${payment.provider}, not ${this.provider.name}`);
      return;
    }
    const remote = await this.provider.getPayment(payment.providerRef);
    if (remote) await this.apply(paymentId, remote);
  }

  /**
   * Books the provider's view of one payment (see the class comment). `also` runs at the end of
   * the same transaction, under the payment's lock, when the view was booked (a console refund
   * writes its audit row there, beside the ledger row it caused).
   */
  async apply(
    paymentId: number,
    remote: ProviderPayment,
    now = new Date(),
    also?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    const mandate = await this.storedMandate(paymentId, remote);
    const conversions: number[] = [];
    const changed = await this.prisma.$transaction(async (tx) => {
      await queryRows(tx, lockPaymentStatement(paymentId));
      const payment = await tx.payment.findUniqueOrThrow({
        where: { id: paymentId },
        include: { reversals: true },
      });
      if (remote.ref !== payment.providerRef) return null;
      if (remote.amountCents !== payment.amountCents || remote.currency !== payment.currency) {
        this.logger.error(
          `PAYMENT AMOUNT MISMATCH ${payment.paymentId}: the provider has ${remote.currency} ` +
            `${remote.amountCents}, we asked ${payment.currency} ${payment.amountCents}; not booked`,
        );
        return null;
      }
      const data: Prisma.PaymentUncheckedUpdateInput = {
        checkedAt: now,
        bank: remote.bank ?? payment.bank,
        payerCountry: remote.payerCountry ?? payment.payerCountry,
        checkoutUrl: remote.checkoutUrl,
      };
      let balance: number | null = null;
      let booked = payment;
      let credited = payment.creditedAt !== null;
      if (!credited && remote.status === 'paid') {
        const purchase = await this.credit(tx, payment, data, mandate, now);
        // a first purchase: the network the member came from hears of it (its postback)
        conversions.push(
          ...(await this.postbacks.write(tx, payment.userId, 'first_purchase', {
            amountCents: payment.amountCents,
            currency: payment.currency,
            paymentId: payment.id,
          })),
        );
        balance = purchase.balance;
        booked = { ...payment, credits: purchase.credits };
        credited = true;
      } else if (!credited && remote.status !== 'paid') {
        const next = STATUS[remote.status];
        // a final status is not undone by an older answer (the provider never goes back)
        const regress = next === 'pending' && FINAL_UNPAID.includes(payment.status);
        if (!regress) data.status = next;
        // failed, expired or cancelled: the discount code it reserved is free again
        if (FINAL_UNPAID.includes(next)) await this.discounts.release(tx, [payment.id]);
        if (next === 'failed' && payment.method === 'sdd') await this.blockDirectDebit(tx, payment);
      }
      if (credited) {
        const reversed = await this.reverse(tx, booked, remote, now);
        if (reversed) {
          balance = reversed.balance ?? balance;
          data.reversedCents = reversed.cents;
          data.status = reversed.cents >= payment.amountCents ? 'refunded' : 'paid';
          if (data.status === 'refunded') await this.endPremium(tx, payment);
          else if (payment.status === 'refunded') await this.restorePremium(tx, payment);
        }
        await this.failConsoleRefunds(tx, remote);
      }
      await tx.payment.update({ where: { id: paymentId }, data });
      if (also) await also(tx);
      // the instrument paid with ties this account to others paid with it (once-per-person
      // benefits: account-links); only its hash is kept
      if (credited && remote.instrument) {
        await this.links.record(payment.userId, [AccountLinks.payment(remote.instrument)], tx);
      }
      return balance === null ? null : { userId: payment.userId, credits: balance };
    });
    await this.postbacks.dispatch(conversions);
    // the member's open tabs show the new balance at once (from the worker's hourly check the
    // event is dropped: the web reads the user again within a minute)
    if (changed)
      this.realtime.toMember(changed.userId, 'credits:changed', { credits: changed.credits });
  }

  /**
   * The hourly lapse of reservations whose payment will not end by itself (the
   * check-pending-payments task): a payment that never reached the provider (its creation
   * failed and no retry came for UNSUBMITTED_MS) expires, and with it its code's reservation;
   * a payment pending for longer than the task watches keeps its status but releases its code
   * (should it still be paid, DiscountsService.claim checks the code again).
   */
  async lapse(now: Date, unwatchedBefore: Date): Promise<{ expired: number; released: number }> {
    return this.prisma.$transaction(async (tx) => {
      const expired = await tx.payment.updateManyAndReturn({
        where: {
          status: 'pending',
          providerRef: null,
          createdAt: { lt: new Date(now.getTime() - UNSUBMITTED_MS) },
        },
        data: { status: 'expired' },
        select: { id: true },
      });
      const unwatched = await tx.payment.findMany({
        where: {
          status: 'pending',
          createdAt: { lt: unwatchedBefore },
          redemption: { state: 'held' },
        },
        select: { id: true },
      });
      const ids = [...expired, ...unwatched].map((p) => p.id);
      await this.discounts.release(tx, ids);
      return { expired: expired.length, released: unwatched.length };
    });
  }

  /** Whether a pending payment is worth reading again. */
  static unsettled(status: PaymentStatus): boolean {
    return UNSETTLED.includes(status);
  }

  /** The mandate a paid first payment stored (read before the transaction: a provider call). */
  private async storedMandate(
    paymentId: number,
    remote: ProviderPayment,
  ): Promise<ProviderMandate | null> {
    if (remote.status !== 'paid' || !remote.mandateRef || !remote.customerRef) return null;
    const payment = await this.prisma.payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { sequenceType: true, mandateId: true },
    });
    if (payment.sequenceType !== 'first' || payment.mandateId !== null) return null;
    return this.provider.getMandate(remote.customerRef, remote.mandateRef);
  }

  /**
   * The purchase: the code's claim, credits, invoice number, premium, the stored mandate.
   * A discount that no longer stands (DiscountsService.claim: its reservation was released and
   * the code is no longer open to the member) is not given: what was paid buys the package's
   * credits at the full price, rounded down, and the payment is booked so (no discount).
   */
  private async credit(
    tx: Tx,
    payment: Prisma.PaymentGetPayload<{ include: { reversals: true } }>,
    data: Prisma.PaymentUncheckedUpdateInput,
    mandate: ProviderMandate | null,
    now: Date,
  ): Promise<{ balance: number; credits: number }> {
    let credits = payment.credits;
    const { discountCodeId } = payment;
    if (
      discountCodeId !== null &&
      !(await this.discounts.claim(tx, { ...payment, discountCodeId }, now))
    ) {
      const full = payment.amountCents + payment.discountCents;
      credits = Math.floor((payment.credits * payment.amountCents) / full);
      Object.assign(data, { credits, discountCents: 0, discountCodeId: null });
      this.logger.warn(
        `DISCOUNT NOT GIVEN: ${payment.paymentId} was paid after its code was released and the ` +
          `code is no longer open to the member: ${credits} of ${payment.credits} credits, at full price`,
      );
    }
    const [{ invoice }] = await queryRows<InvoiceRow>(tx, NEXT_INVOICE);
    const balance = await this.credits.credit(tx, {
      userId: payment.userId,
      amount: credits,
      reason: 'purchase',
      paymentId: payment.id,
      note: payment.paymentId,
    });
    await tx.user.update({ where: { id: payment.userId }, data: { paidUser: true } });
    if (mandate?.valid) {
      const stored = await tx.paymentMandate.upsert({
        where: { mandateRef: mandate.ref },
        create: {
          userId: payment.userId,
          provider: payment.provider,
          customerRef: mandate.customerRef,
          mandateRef: mandate.ref,
          method: mandateMethod(mandate.method, payment.method),
          label: mandate.label,
        },
        update: { valid: true, label: mandate.label },
      });
      data.mandateId = stored.id;
    }
    Object.assign(data, {
      status: 'paid',
      creditedAt: now,
      paidAt: now,
      invoiceNumber: Number(invoice),
    } satisfies Prisma.PaymentUncheckedUpdateInput);
    return { balance, credits };
  }

  /**
   * The payment's refunds and chargebacks as the provider now reports them (under the payment's
   * lock): first each booked one the provider now reports failed, cancelled or reversed is
   * undone (`undo`), so what it frees can be taken by a newer one in the same view; then each
   * standing one not booked yet takes back its share of the credits (rounded up), as much as
   * the balance holds, under a lock on the member's row. One reported failed, cancelled or
   * reversed that was never booked is never booked. null: nothing changed.
   */
  private async reverse(
    tx: Tx,
    payment: Prisma.PaymentGetPayload<{ include: { reversals: true } }>,
    remote: ProviderPayment,
    at: Date,
  ): Promise<{ cents: number; balance: number | null } | null> {
    const reported = new Map(remote.reversals.map((r) => [r.ref, r.status]));
    // a reversal the provider no longer lists is left as booked
    const undo = payment.reversals.filter(
      (r) => r.undoneAt === null && (reported.get(r.providerRef) ?? 'standing') !== 'standing',
    );
    const booked = new Set(payment.reversals.map((r) => r.providerRef));
    const fresh = remote.reversals.filter((r) => r.status === 'standing' && !booked.has(r.ref));
    if (undo.length === 0 && fresh.length === 0) return null;
    let cents = payment.reversedCents;
    let balance: number | null = null;
    const undone = new Set<number>();
    for (const reversal of undo) {
      const result = await this.undo(
        tx,
        payment,
        reversal,
        reported.get(reversal.providerRef)!,
        at,
      );
      if (!result) continue;
      undone.add(reversal.id);
      cents -= reversal.amountCents;
      balance = result.balance ?? balance;
    }
    let due = payment.reversals
      .filter((r) => r.undoneAt === null && !undone.has(r.id))
      .reduce((sum, r) => sum + r.creditsTaken + r.creditsShort, 0);
    for (const reversal of fresh) {
      const amount = Math.min(reversal.amountCents, payment.amountCents - cents);
      if (amount <= 0) continue;
      cents += amount;
      const owed = creditsOwedBack(payment, cents);
      // after an undo the shares still booked can add up to one more than the rule owes for
      // what stands (each was rounded up in another order): never a negative share
      const share = Math.max(0, owed - due);
      due += share;
      const [{ credits: held }] = await queryRows<HeldCreditsRow>(
        tx,
        lockCreditsStatement(payment.userId),
      );
      const taken = Math.min(held, share);
      const row = await tx.paymentReversal.create({
        data: {
          paymentId: payment.id,
          kind: reversal.kind,
          providerRef: reversal.ref,
          amountCents: amount,
          creditsTaken: taken,
          creditsShort: share - taken,
        },
      });
      if (taken > 0) {
        balance = await this.credits.debit(tx, {
          userId: payment.userId,
          amount: taken,
          reason: 'refund',
          reversalId: row.id,
          note: `${reversal.kind} ${payment.paymentId}`,
        });
      }
      if (share - taken > 0) {
        this.logger.warn(
          `CREDITS NOT RECOVERED: ${share - taken} of ${share} credits of ${payment.paymentId} ` +
            `(${reversal.kind}) were already spent`,
        );
      }
      if (reversal.kind === 'chargeback' && payment.method === 'sdd') {
        await this.blockDirectDebit(tx, payment);
      }
    }
    return { cents, balance };
  }

  /**
   * A booked refund the provider now reports failed or cancelled (or a chargeback the bank
   * reversed) took no money back after all: it is marked undone (`undone_at`, a conditional
   * update: once), and the credits it took come back through the ledger (`refund_undone`, its
   * `undone_reversal_id` unique: once). What it could not take (`credits_short`) was never
   * taken. The caller takes its amount off `reversed_cents`. A direct debit blocked by a
   * chargeback stays blocked. null: it was undone already.
   */
  private async undo(
    tx: Tx,
    payment: { userId: number; paymentId: string },
    reversal: PaymentReversal,
    status: ReversalStatus,
    at: Date,
  ): Promise<{ balance: number | null } | null> {
    const { count } = await tx.paymentReversal.updateMany({
      where: { id: reversal.id, undoneAt: null },
      data: { undoneAt: at },
    });
    if (count === 0) return null;
    const balance =
      reversal.creditsTaken > 0
        ? await this.credits.credit(tx, {
            userId: payment.userId,
            amount: reversal.creditsTaken,
            reason: 'refund_undone',
            undoneReversalId: reversal.id,
            note: `${reversal.kind} ${status} ${payment.paymentId}`,
          })
        : null;
    this.logger.warn(
      `REVERSAL UNDONE: ${reversal.kind} ${reversal.providerRef} of ${payment.paymentId} ` +
        `(${reversal.amountCents} cents) is ${status}; ${reversal.creditsTaken} credits given back`,
    );
    return { balance };
  }

  /**
   * A console refund whose refund the provider reports failed or cancelled did not happen:
   * its row turns `failed` (booked and undone, or never booked), so the console says so.
   */
  private async failConsoleRefunds(tx: Tx, remote: ProviderPayment): Promise<void> {
    const failed = remote.reversals
      .filter((r) => r.kind === 'refund' && r.status !== 'standing')
      .map((r) => r.ref);
    if (failed.length === 0) return;
    await tx.paymentRefund.updateMany({
      where: { providerRef: { in: failed }, status: 'done' },
      data: { status: 'failed' },
    });
  }

  /**
   * A payment fully refunded or charged back no longer counts as a purchase: when no other
   * payment of the member stands (credited and not fully reversed), the member is no longer
   * premium (SPEC: buying a first bundle makes a member premium; a bundle paid back is none
   * bought. docs/features/credits-and-payments.md).
   */
  private async endPremium(tx: Tx, payment: { id: number; userId: number }): Promise<void> {
    const standing = await tx.payment.count({
      where: {
        userId: payment.userId,
        id: { not: payment.id },
        creditedAt: { not: null },
        status: { not: 'refunded' },
      },
    });
    if (standing === 0) {
      await tx.user.update({ where: { id: payment.userId }, data: { paidUser: false } });
    }
  }

  /**
   * The mirror of `endPremium`: a payment that stands again (its refund failed or was cancelled,
   * so it is no longer fully reversed) is a bundle bought, and buying a bundle makes a member
   * premium (as `credit` does).
   */
  private async restorePremium(tx: Tx, payment: { userId: number }): Promise<void> {
    await tx.user.update({ where: { id: payment.userId }, data: { paidUser: true } });
  }

  /** A direct debit that failed or was reversed blocks the account for direct debit. */
  private async blockDirectDebit(
    tx: Tx,
    payment: { directDebitMandateId: number | null },
  ): Promise<void> {
    if (payment.directDebitMandateId === null) return;
    await tx.directDebitMandate.update({
      where: { id: payment.directDebitMandateId },
      data: { blocked: true },
    });
  }
}

/**
 * The method a stored mandate charges: the first payment's own for cards and PayPal; a SEPA
 * direct debit for an iDEAL or Bancontact first payment (the provider turns those into one).
 */
function mandateMethod(provider: ProviderMethodId, paidWith: PaymentMethodId): PaymentMethodId {
  if (provider === 'directdebit') return 'sdd';
  return PAYMENT_METHOD_INFO[paidWith].provider === provider ? paidWith : 'creditcard';
}
