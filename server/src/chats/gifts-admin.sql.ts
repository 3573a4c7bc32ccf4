import { Prisma } from '../generated/prisma/client';

/**
 * The gift catalogue's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in the
 * change's Prisma transaction): a row lock, which Prisma cannot express.
 */

/** A locked gift's id. */
export interface LockedGiftRow {
  id: number;
}

/** Locks the gift's row until the transaction ends (one change of a gift at a time). */
export function lockGiftStatement(giftId: number): Prisma.Sql {
  return Prisma.sql`
        SELECT id FROM gifts WHERE id = ${giftId} FOR UPDATE`;
}
