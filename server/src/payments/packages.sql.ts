import { Prisma } from '../generated/prisma/client';

/**
 * The credit packages' hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in
 * Prisma's transaction): a row lock (FOR UPDATE), which Prisma cannot take, so of two admins
 * changing one package the second sees the first's result.
 */

/** A locked package. */
export interface LockedPackageRow {
  id: number;
}

/** Locks a credit package for a change (none: no row). */
export function lockPackageStatement(id: number): Prisma.Sql {
  return Prisma.sql`
        SELECT id FROM credit_packages WHERE id = ${id} FOR UPDATE`;
}
