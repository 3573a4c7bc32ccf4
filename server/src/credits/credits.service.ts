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
  /**
   * A refund or chargeback undone, its credits given back (booked once: the ledger's
   * undone_reversal_id is unique).
   */
  undoneReversalId?: number;
  /** The boost this pays for (booked once: the ledger's boost_id is unique). */
  boostId?: number;
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

  /**
   * A debit as two steps of the caller's own statement (a send: its message and its payment in
   * one statement, no transaction around them): `paid` takes the credits when the balance
   * allows (else it has no row, and the caller's statement must then write nothing and answer
   * 402 insufficient_credits), after `after` (the caller's step that must run first, such as its
   * locks; evaluated before the balance's row is locked); `ledger` books the row naming the
   * record of the caller's step `messageStep` (its `id`) and returns `balance_after`.
   */
  debitSteps(
    change: Pick<Change, 'userId' | 'amount' | 'reason'>,
    after: string,
    messageStep: string,
  ): { paid: Prisma.Sql; ledger: Prisma.Sql } {
    assertAmount(change.amount);
    const delta = -change.amount;
    return {
      paid: Prisma.sql`paid AS (
        UPDATE users SET credits = credits + ${delta}::int, updated_at = now()
        WHERE id = ${change.userId}::int AND credits + ${delta}::int >= 0
          AND EXISTS (SELECT 1 FROM ${Prisma.raw(after)})
        RETURNING id, credits
      )`,
      ledger: Prisma.sql`ledger AS (
        INSERT INTO credit_ledger (user_id, delta, balance_after, reason, message_id)
        SELECT paid.id, ${delta}::int, paid.credits, ${change.reason}::"LedgerReason", x.id
        FROM paid, ${Prisma.raw(messageStep)} x
        RETURNING balance_after
      )`,
    };
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
        (user_id, delta, balance_after, reason, payment_id, message_id, reversal_id,
         undone_reversal_id, boost_id, note)
      SELECT id, ${delta}::int, credits, ${change.reason}::"LedgerReason",
        ${change.paymentId ?? null}::int, ${change.messageId ?? null}::int,
        ${change.reversalId ?? null}::int, ${change.undoneReversalId ?? null}::int,
        ${change.boostId ?? null}::int, ${change.note ?? null}::text
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
