import { Prisma } from '../generated/prisma/client';

/**
 * The data export's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, on
 * Prisma): the newest ready export of a member whose link is still valid, one indexed read.
 */

/** A ready export. */
export interface ReadyExportRow {
  id: number;
}

/** The member's newest export that is ready and not expired at `now` (none: no row). */
export function readyExportStatement(userId: number, now: Date): Prisma.Sql {
  return Prisma.sql`
      SELECT id FROM data_exports
      WHERE user_id = ${userId} AND status = 'ready' AND expires_at > ${now}
      ORDER BY id DESC LIMIT 1`;
}
