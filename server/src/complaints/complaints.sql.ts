import { Prisma, type UserStatus } from '../generated/prisma/client';

/**
 * The complaints' hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in Prisma's
 * transaction): row locks (FOR UPDATE), which Prisma cannot take, so a ban and an unban of one
 * member, or two moderators hiding one message, run one after the other.
 */

/** A member's account as a ban sees it. */
export interface LockedAccountRow {
  id: number;
  status: UserStatus;
  /** A staff account (has roles). */
  staff: boolean;
}

/** Locks an account for a ban or unban (none: no row). */
export function lockAccountStatement(userId: number): Prisma.Sql {
  return Prisma.sql`
      SELECT id, status, cardinality(roles) > 0 AS staff FROM users WHERE id = ${userId} FOR UPDATE`;
}

/** A reported message's content. */
export interface LockedMessageRow {
  body: string | null;
  image_filename: string | null;
  hidden_at: Date | null;
}

/** Locks a reported message for hiding it (none: no row). */
export function lockMessageStatement(messageId: number): Prisma.Sql {
  return Prisma.sql`SELECT body, image_filename, hidden_at FROM messages WHERE id = ${messageId} FOR UPDATE`;
}
