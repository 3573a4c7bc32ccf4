import { INSPECTION_PAGE, PHOTO_SCREEN_WAIT_SECONDS } from '@app/contract';
import { Prisma } from '../../generated/prisma/client';
import { numbered, type NumberedStatement } from '../../prisma/sql';

/*
 * The inspection queues' statements (inspection.ts): a queue page, its length and the atomic
 * claim for each kind, written once from the kind's table (prepared on pg: the staff console
 * polls them), and the row locks a decision takes (FOR UPDATE, which Prisma cannot say).
 */

/** A queue row of either kind: the item, its profile, and whether someone holds it now. */
export type QueueRow = {
  id: number;
  created_at: Date;
  profile_id: number;
  name: string;
  claimed: boolean;
};

/**
 * The table of a kind's items, its waiting state and the column a queue row adds. Only these
 * fixed names and states are written into the SQL below; every value (times, ids, the moderator)
 * is bound as a parameter.
 */
interface KindSql {
  table: string;
  waiting: string;
  column: string;
  /** What the queue page adds beside the column (joined tables' columns). */
  extra: string;
  join: string;
  /** The queue's order (`now` is the statement's parameter holding the current time). */
  order: (now: string) => string;
}

/** A queue page's statement, typed by the kind's row. */
export type QueueStatement<Row> = (now: string) => NumberedStatement<Row>;

/** The statements of one kind, written once from its table. */
function statementsOf({ table, waiting, column, extra, join, order }: KindSql, kind: string) {
  return {
    /** The queue's first page in its order (the items waiting: index (status, created_at)). */
    queue: numbered<QueueRow, [now: string]>(
      `inspection-${kind}-queue`,
      `
SELECT i.id, i.${column}, i.created_at, p.id AS profile_id, p.name,
       (i.claimed_until IS NOT NULL AND i.claimed_until > $1) AS claimed${extra}
FROM ${table} i JOIN profiles p ON p.id = i.profile_id${join}
WHERE i.status = '${waiting}'
ORDER BY ${order('$1')}
LIMIT ${INSPECTION_PAGE}`,
    ),
    /** How many items wait and since when (an index-only scan of the same index). */
    stats: numbered<{ waiting: number; oldest_at: Date | null }, []>(
      `inspection-${kind}-stats`,
      `
SELECT count(*)::int AS waiting, min(created_at) AS oldest_at
FROM ${table} WHERE status = '${waiting}'`,
    ),
    /**
     * Claims the first item in the queue's order that nobody else holds, atomically: the row is locked by the inner
     * SELECT (SKIP LOCKED: a moderator claiming at the same moment takes the next one) and
     * re-checked on its newest version before the claim is written, so two moderators never
     * hold one item.
     */
    claim: numbered<
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
    ),
  };
}

/** A photo's pre-screening beside it in the queue (photo-screening/). */
export type ScreeningColumns = {
  risk: number | null;
  scores: Record<string, number> | null;
  abuse_match: boolean | null;
  scored_at: Date | null;
  screened: boolean;
};

/**
 * The photo desk's order (issue 35, point 1): a match of a photo rejected for abuse first, then
 * the riskiest; a photo not scored yet waits behind the scored ones for at most
 * PHOTO_SCREEN_WAIT_SECONDS, then counts as the riskiest (risk 1), so with the worker stopped the
 * desk is in upload order again and never hides a photo; ties: the oldest first.
 */
const photoOrder = (now: string) => `
  COALESCE(s.abuse_match, false) DESC,
  COALESCE(s.risk, CASE WHEN i.created_at <= ${now}::timestamp
    - interval '${PHOTO_SCREEN_WAIT_SECONDS} seconds' THEN 1 ELSE -1 END) DESC,
  i.created_at, i.id`;

/** The kinds' statements. */
export const INSPECTION_SQL = {
  photo: statementsOf(
    {
      table: 'photos',
      waiting: 'under_inspection',
      column: 'filename',
      extra: `, s.risk, s.scores, s.abuse_match, s.scored_at, (s.id IS NOT NULL) AS screened`,
      join: ' LEFT JOIN photo_screenings s ON s.photo_id = i.id',
      order: photoOrder,
    },
    'photo',
  ),
  text: statementsOf(
    {
      table: 'profile_text_reviews',
      waiting: 'waiting',
      column: 'field',
      extra: '',
      join: '',
      order: () => 'i.created_at, i.id',
    },
    'text',
  ),
};

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
