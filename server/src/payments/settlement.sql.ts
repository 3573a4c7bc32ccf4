import { Prisma } from '../generated/prisma/client';

/**
 * The settlement's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in its
 * Prisma transaction): row locks and the invoice sequence, which Prisma cannot express.
 */

/** Locks the payment's row until the transaction ends (one booking of a payment at a time). */
export function lockPaymentStatement(paymentId: number): Prisma.Sql {
  return Prisma.sql`SELECT id FROM payments WHERE id = ${paymentId} FOR UPDATE`;
}

/** The next invoice number (Prisma reads the bigint). */
export interface InvoiceRow {
  invoice: bigint;
}

export const NEXT_INVOICE = Prisma.sql`
      SELECT nextval('invoice_number_seq') AS invoice`;

/** The member's balance, their row locked until the transaction ends. */
export interface HeldCreditsRow {
  credits: number;
}

export function lockCreditsStatement(userId: number): Prisma.Sql {
  return Prisma.sql`
        SELECT credits FROM users WHERE id = ${userId} FOR UPDATE`;
}
