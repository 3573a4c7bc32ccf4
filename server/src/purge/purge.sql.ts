import { Prisma } from '../generated/prisma/client';

/**
 * The purge's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, on Prisma): the
 * database's catalog (pg_constraint), which Prisma does not read, names every column that points
 * at a member, so a column without a purge step is found.
 */

/** A column as `table.column`. */
export interface MemberColumnRow {
  column: string;
}

/** The columns with a foreign key to users. */
export const memberColumnsStatement = Prisma.sql`
      SELECT c.conrelid::regclass::text || '.' || a.attname AS column
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`;
