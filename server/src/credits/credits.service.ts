import { Injectable } from '@nestjs/common';
import type { LedgerReason, Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';

interface Change {
  userId: number;
  /** A positive number of credits. */
  amount: number;
  reason: LedgerReason;
  paymentId?: number;
  messageId?: number;
  /** A refund or chargeback taken back (booked once: the ledger's reversal_id is unique). */
  reversalId?: number;
  note?: string;
}

/**
 * The one way credits change (ARCHITECTURE "Data"): inside the caller's transaction, a
 * conditional update of the balance and a ledger row with the balance after it. A debit that
 * would go below zero changes nothing and answers 402 insufficient_credits, however many run at
 * once; the database's CHECK constraints (credits >= 0, balance_after >= 0) stand behind it.
 */
@Injectable()
export class CreditsService {
  /** Takes credits from a member; returns the balance after. */
  async debit(tx: Prisma.TransactionClient, change: Change): Promise<number> {
    assertAmount(change.amount);
    const [after] = await tx.user.updateManyAndReturn({
      where: { id: change.userId, credits: { gte: change.amount } },
      data: { credits: { decrement: change.amount } },
      select: { credits: true },
    });
    if (!after) throw new AppError('insufficient_credits');
    await this.record(tx, change, -change.amount, after.credits);
    return after.credits;
  }

  /** Gives credits to a member; returns the balance after. */
  async credit(tx: Prisma.TransactionClient, change: Change): Promise<number> {
    assertAmount(change.amount);
    const after = await tx.user.update({
      where: { id: change.userId },
      data: { credits: { increment: change.amount } },
      select: { credits: true },
    });
    await this.record(tx, change, change.amount, after.credits);
    return after.credits;
  }

  private async record(
    tx: Prisma.TransactionClient,
    change: Change,
    delta: number,
    balanceAfter: number,
  ): Promise<void> {
    await tx.creditLedgerEntry.create({
      data: {
        userId: change.userId,
        delta,
        balanceAfter,
        reason: change.reason,
        paymentId: change.paymentId,
        messageId: change.messageId,
        reversalId: change.reversalId,
        note: change.note,
      },
    });
  }
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`A credit change must be a positive whole number, not ${amount}`);
  }
}
