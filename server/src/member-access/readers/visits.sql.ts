import { numbered } from '../../prisma/sql';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from '../card.sql';
import { notBlocked } from '../not-blocked.sql';
import { privacyPartnerSql } from '../privacy-partner.sql';

/*
 * Who viewed my profile (issue 38 item 1), hand-written: the visit is written after every
 * profile page a member opens, so it is one prepared statement that decides and writes at once.
 */

/**
 * A visit of the profile $2 by the member $1 at $3 (UTC), on its day in Europe/Amsterdam (the
 * site's days, as the swipe game's), written only when
 * - the visited profile is active and not a chat pal (fictional profiles' visitors never become
 *   a list: staff see members' actions only in the operator inbox), and not the visitor's own;
 * - the visitor's own profile is active and not invisible (an invisible member leaves no trace);
 * - the visitor is not a premium member browsing unseen (`browse_unseen`, honoured while paid);
 * - neither blocked the other (the block rule, not-blocked.sql.ts).
 * At most one row per pair and day (the primary key; a second visit of the day does nothing).
 * Returns the visited account when a row was written (the first visit of the day: notify).
 */
const RECORD_VISIT_SQL = `INSERT INTO profile_visits (visitor_id, visited_id, day, created_at)
  SELECT me.user_id, v.user_id,
    ($3::timestamp AT TIME ZONE 'UTC' AT TIME ZONE 'Europe/Amsterdam')::date, $3::timestamp
  FROM profiles v
  JOIN profiles me ON me.user_id = $1
  JOIN users u ON u.id = $1
  WHERE v.id = $2 AND v.user_id <> $1 AND v.status = 'active' AND NOT v.fictional
    AND me.status = 'active' AND NOT me.invisible AND NOT me.fictional
    AND NOT (u.browse_unseen AND u.paid_user)
    AND ${notBlocked('v.user_id', '$1')}
  ON CONFLICT DO NOTHING
  RETURNING visited_id`;

export const recordVisitStatement = numbered<
  { visited_id: number },
  [visitor: number, profileId: number, at: string]
>('visit-record', RECORD_VISIT_SQL);

/**
 * The visitors of $1 a list may show them (the `list` rule on the visitor: active, not
 * invisible, no block either way), one per visitor with their latest visit, since $2: the
 * visitors CTE both statements share.
 */
const LATEST = `WITH latest AS (
    SELECT pv.visitor_id, max(pv.created_at) AS visited_at FROM profile_visits pv
    WHERE pv.visited_id = $1 AND pv.created_at >= $2::timestamp
    GROUP BY pv.visitor_id
  )`;

/**
 * A page of a premium member's visitors ($3 rows from $4), newest first, with each visitor's
 * card and the privacy-mode partner flag, and the count of them all.
 */
const VISITOR_CARDS_SQL = `${LATEST}
  SELECT l.visited_at, count(*) OVER ()::int AS total, ${CARD_COLUMNS},
    ${privacyPartnerSql('p.user_id', '$1')} AS partner
  FROM latest l
  JOIN profiles p ON p.user_id = l.visitor_id
  ${CARD_JOINS}
  WHERE ${listRuleSql('$1')}
  ORDER BY l.visited_at DESC, p.id DESC
  LIMIT $3 OFFSET $4`;

export interface VisitorCardColumns extends CardColumns {
  visited_at: Date;
  total: number;
  partner: boolean;
}

export const visitorCardsStatement = numbered<
  VisitorCardColumns,
  [visited: number, since: string, take: number, skip: number]
>('visitor-cards', VISITOR_CARDS_SQL);

/**
 * The same page for a free member: only when each visit was and how many there are; nothing
 * of who it was is read.
 */
const VISIT_TIMES_SQL = `${LATEST}
  SELECT l.visited_at, count(*) OVER ()::int AS total
  FROM latest l
  JOIN profiles p ON p.user_id = l.visitor_id
  WHERE ${listRuleSql('$1')}
  ORDER BY l.visited_at DESC, p.id DESC
  LIMIT $3 OFFSET $4`;

export const visitTimesStatement = numbered<
  { visited_at: Date; total: number },
  [visited: number, since: string, take: number, skip: number]
>('visit-times', VISIT_TIMES_SQL);
