import { Prisma } from '../generated/prisma/client';
import { utcTimestamp } from '../prisma/pg-types';

/**
 * The member's account row, locked until the purchase's transaction ends: one purchase of a
 * member at a time (a second waits, then sees the first's boost), before the credits service
 * takes the same row lock for the debit.
 */
export function lockedMemberStatement(userId: number): Prisma.Sql {
  return Prisma.sql`SELECT credits, paid_user FROM users WHERE id = ${userId}::int FOR UPDATE`;
}

export interface LockedMemberRow {
  credits: number;
  paid_user: boolean;
}

/**
 * The profiles whose boost runs at `now` in a search's region, newest boost first, at most
 * `limit`: the region of the search's filter, else the asking member's own profile's region
 * (their own row only; a visitor without a region filter has none, and gets none). Reads the
 * index boosts_region_id_ends_at_idx: the running boosts of one region are few, and a boost
 * that ended is past the range. Which of them a search shows is the list rule's and the
 * filters' (member-access, MemberLists.page with onlyProfileIds).
 */
export function boostedInRegionStatement(
  regionId: number | null,
  viewerId: number | null,
  now: Date,
  limit: number,
): Prisma.Sql {
  const at = utcTimestamp(now);
  return Prisma.sql`SELECT b.profile_id FROM boosts b
    WHERE b.region_id = COALESCE(${regionId}::int,
        (SELECT v.region_id FROM profiles v WHERE v.user_id = ${viewerId}::int))
      AND b.ends_at > ${at}::timestamp AND b.starts_at <= ${at}::timestamp
    ORDER BY b.starts_at DESC, b.id DESC
    LIMIT ${limit}::int`;
}

export interface BoostedRow {
  profile_id: number;
}
