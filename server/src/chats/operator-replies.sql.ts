import { Prisma } from '../generated/prisma/client';

/**
 * The operator reply's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, on
 * Prisma): the console's lock of a conversation (operator_locks, staff-partners/inbox.service.ts)
 * while it lasts.
 */

/** The operator who holds a conversation's lock. */
export interface OperatorLockRow {
  operator_id: number;
}

/** Who holds the conversation's lock now (no row when nobody does or it expired). */
export function operatorLockStatement(conversationId: number): Prisma.Sql {
  return Prisma.sql`
      SELECT operator_id FROM operator_locks
      WHERE conversation_id = ${conversationId} AND expires_at > now()`;
}
