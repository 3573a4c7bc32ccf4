import { Prisma } from '../../generated/prisma/client';

/**
 * The console's member search by name in SQL (run through queryRows, server/src/prisma/sql.ts,
 * on Prisma): a LIKE on lower(name), the expression the trigram and prefix indexes of profiles
 * are built on, which Prisma's `contains` (ILIKE) would not use.
 */

/** A member found. */
export interface MemberIdRow {
  user_id: number;
}

/**
 * Up to `take` accounts whose lower-cased profile name matches the LIKE `pattern`, newest
 * account first, below `after`.
 */
export function membersByNameStatement(
  pattern: string,
  after: number | undefined,
  take: number,
): Prisma.Sql {
  return Prisma.sql`
      SELECT user_id FROM profiles
      WHERE lower(name) LIKE ${pattern}
        ${after ? Prisma.sql`AND user_id < ${after}` : Prisma.empty}
      ORDER BY user_id DESC
      LIMIT ${take}`;
}
