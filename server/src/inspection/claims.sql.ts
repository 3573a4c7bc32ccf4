import { Prisma } from '../generated/prisma/client';
import { INSPECTION_KINDS, type InspectionKind } from '../member-access';
import { numbered } from '../prisma/sql';

/*
 * The inspection queues' writes and locks (claims.ts): the atomic claim of each kind, written
 * from the kind's table and order that member-access's queue page uses too (so the claim takes
 * the item the page shows first; prepared on pg), and the row locks a decision takes (FOR
 * UPDATE, which Prisma cannot say). Row locks in a deciding transaction are the one read of
 * profiles and photos outside member-access (member-access/boundary.spec.ts).
 */

/**
 * Claims the first item in the queue's order that nobody else holds, atomically: the row is
 * locked by the inner SELECT (SKIP LOCKED: a moderator claiming at the same moment takes the
 * next one) and re-checked on its newest version before the claim is written, so two moderators
 * never hold one item.
 */
function claimStatement(kind: InspectionKind) {
  const { table, waiting, join, order } = INSPECTION_KINDS[kind];
  return numbered<
    { id: number; claimed_until: Date },
    [moderator: number, until: string, now: string, exclude: number[]]
  >(
    `inspection-${kind}-claim`,
    `
UPDATE ${table} SET claimed_by_id = $1, claimed_until = $2
WHERE id = (
  SELECT i.id FROM ${table} i${join}
  WHERE i.status = '${waiting}'
    AND (i.claimed_until IS NULL OR i.claimed_until <= $3 OR i.claimed_by_id = $1)
    AND NOT (i.id = ANY($4::int[]))
  ORDER BY ${order('$3')}
  LIMIT 1
  FOR UPDATE OF i SKIP LOCKED)
RETURNING id, claimed_until`,
  );
}

/** The kinds' claims. */
export const CLAIM_SQL = { photo: claimStatement('photo'), text: claimStatement('text') };

/** Locks a photo and its profile in a deciding transaction (camelCase columns, as Prisma reads). */
export const lockDecidedPhotoStatement = (photoId: number) => Prisma.sql`
  SELECT f.id, f.profile_id AS "profileId", p.user_id AS "userId", f.status::text AS status,
         f.filename,
         f.rejected_reason AS "rejectedReason", f.moderated_by_id AS "moderatedById",
         f.moderated_at AS "moderatedAt", f.claimed_by_id AS "claimedById",
         f.claimed_until AS "claimedUntil", p.main_photo_id AS "mainPhotoId",
         f.created_at AS "createdAt"
  FROM photos f JOIN profiles p ON p.id = f.profile_id
  WHERE f.id = ${photoId}
  FOR UPDATE OF f, p`;

/** Locks a text review and its profile in a deciding transaction. */
export const lockDecidedTextStatement = (reviewId: number) => Prisma.sql`
  SELECT r.id, r.profile_id AS "profileId", p.user_id AS "userId", r.field, r.previous,
         r.text, r.held, r.status, r.reason, r.claimed_by_id AS "claimedById",
         r.claimed_until AS "claimedUntil",
         CASE WHEN r.field = 'name' THEN p.name ELSE p.about END AS current
  FROM profile_text_reviews r JOIN profiles p ON p.id = r.profile_id
  WHERE r.id = ${reviewId}
  FOR UPDATE OF r, p`;
