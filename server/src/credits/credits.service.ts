import { Injectable } from '@nestjs/common';
import { Prisma, type LedgerReason } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { queryRows, type SqlTx } from '../prisma/sql';

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
 * The one way credits change (ARCHITECTURE "Data"): inside the caller's transaction (Prisma's, or
 * a pooled pg client's: prisma/sql.ts), a conditional update of the balance and a ledger row
 * with the balance after it. A debit that would go below zero changes nothing and answers 402 insufficient_credits, however many run at
 * once; the database's CHECK constraints (credits >= 0, balance_after >= 0) stand behind it.
 */
@Injectable()
export class CreditsService {
  /** Takes credits from a member; returns the balance after. */
  async debit(tx: SqlTx, change: Change): Promise<number> {
    assertAmount(change.amount);
    const after = await this.book(tx, change, -change.amount);
    if (after === null) throw new AppError('insufficient_credits');
    return after;
  }

  /** Gives credits to a member; returns the balance after. */
  async credit(tx: SqlTx, change: Change): Promise<number> {
    assertAmount(change.amount);
    const after = await this.book(tx, change, change.amount);
    if (after === null) throw new Error(`No account ${change.userId} to credit`);
    return after;
  }

  /**
   * The balance change and its ledger row in one statement (a send or a payment pays one round
   * trip for it, not two): the update takes the row lock and, for a debit, changes nothing when
   * the balance is too low (then no ledger row either, and null).
   */
  private async book(tx: SqlTx, change: Change, delta: number): Promise<number | null> {
    const rows = await queryRows<{ balance_after: number }>(
      tx,
      Prisma.sql`
      WITH changed AS (
        UPDATE users SET credits = credits + ${delta}::int, updated_at = now()
        WHERE id = ${change.userId}::int AND credits + ${delta}::int >= 0
        RETURNING id, credits
      )
      INSERT INTO credit_ledger
        (user_id, delta, balance_after, reason, payment_id, message_id, reversal_id, note)
      SELECT id, ${delta}::int, credits, ${change.reason}::"LedgerReason",
        ${change.paymentId ?? null}::int, ${change.messageId ?? null}::int,
        ${change.reversalId ?? null}::int, ${change.note ?? null}::text
      FROM changed
      RETURNING balance_after`,
    );
    return rows[0]?.balance_after ?? null;
  }
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`A credit change must be a positive whole number, not ${amount}`);
  }
}
