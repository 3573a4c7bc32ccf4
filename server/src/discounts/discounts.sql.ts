import { Prisma } from '../generated/prisma/client';

/**
 * The discount codes' hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in
 * Prisma's transaction): a row lock (FOR UPDATE), which Prisma cannot take, so two staff changes
 * of one code run one after the other.
 */

/** A locked discount code. */
export interface LockedCodeRow {
  id: number;
}

/** Locks a code made by staff (not one issued from another) for the transaction (none: no row). */
export function lockStaffCodeStatement(id: number): Prisma.Sql {
  return Prisma.sql`
        SELECT id FROM discount_codes WHERE id = ${id} AND issued_from_id IS NULL FOR UPDATE`;
}
