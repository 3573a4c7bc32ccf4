import { INSPECTION_PAGE, PHOTO_SCREEN_WAIT_SECONDS } from '@app/contract';
import { numbered, type NumberedStatement } from '../../prisma/sql';

/*
 * The inspection queues' reads (inspection.ts): a queue page and its length for each kind,
 * written once from the kind's table (prepared on pg: the staff console polls them). The kinds'
 * tables are exported: the inspection feature writes its claim from them
 * (inspection/claims.sql.ts), in the same order as the page.
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

/** The kinds' tables: their items' table, waiting state, queue columns and order. */
export const INSPECTION_KINDS = {
  photo: {
    table: 'photos',
    waiting: 'under_inspection',
    column: 'filename',
    extra: `, s.risk, s.scores, s.abuse_match, s.scored_at, (s.id IS NOT NULL) AS screened`,
    join: ' LEFT JOIN photo_screenings s ON s.photo_id = i.id',
    order: photoOrder,
  },
  text: {
    table: 'profile_text_reviews',
    waiting: 'waiting',
    column: 'field',
    extra: '',
    join: '',
    order: () => 'i.created_at, i.id',
  },
} satisfies Record<string, KindSql>;

/** The kinds' statements. */
export const INSPECTION_SQL = {
  photo: statementsOf(INSPECTION_KINDS.photo, 'photo'),
  text: statementsOf(INSPECTION_KINDS.text, 'text'),
};
