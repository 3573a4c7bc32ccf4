import { Prisma } from '../generated/prisma/client';
import { utcTimestamp } from '../prisma/pg-types';

/**
 * The verification desk's hand-written SQL (run through queryRows in Prisma's client or
 * transaction): the claim (one statement, SKIP LOCKED, so two moderators never get the same
 * selfie) and the row lock of a decision, which Prisma cannot express.
 */

export interface ClaimedRow {
  id: number;
  claimed_until: Date;
}

/**
 * Claims the oldest waiting selfie nobody else holds (the caller's own claim first, so a reload
 * brings it back), except `exclude`.
 */
export function claimStatement(staffId: number, exclude: number[], now: Date, until: Date) {
  return Prisma.sql`
    UPDATE verification_requests SET claimed_by_id = ${staffId},
      claimed_until = ${utcTimestamp(until)}::timestamp
    WHERE id = (
      SELECT id FROM verification_requests
      WHERE status = 'pending'
        AND (claimed_by_id IS NULL OR claimed_by_id = ${staffId}
             OR claimed_until <= ${utcTimestamp(now)}::timestamp)
        AND id <> ALL(${exclude}::int[])
      ORDER BY (claimed_by_id IS NOT DISTINCT FROM ${staffId}) DESC, submitted_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, claimed_until`;
}

export interface LockedRequestRow {
  id: number;
  user_id: number;
  status: string;
  gesture: string;
  selfie_filename: string | null;
  claimed_by_id: number | null;
  claimed_until: Date | null;
}

/** A request, locked in a deciding transaction. */
export function lockRequestStatement(id: number) {
  return Prisma.sql`
    SELECT id, user_id, status::text AS status, gesture, selfie_filename, claimed_by_id,
      claimed_until
    FROM verification_requests WHERE id = ${id} FOR UPDATE`;
}

/** A real member's profile and badge, locked in the transaction withdrawing the badge. */
export interface LockedBadgeRow {
  id: number;
  user_id: number;
  verified: boolean;
  verified_at: Date | null;
}

/** Locks a real member's (not a chat pal's) profile for withdrawing the verified badge. */
export function lockBadgeStatement(profileId: number) {
  return Prisma.sql`
    SELECT id, user_id, verified, verified_at
    FROM profiles WHERE id = ${profileId} AND NOT fictional FOR UPDATE`;
}
