import type { LikeSource } from '../../generated/prisma/client';
import { numbered } from '../../prisma/sql';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from '../card.sql';
import { privacyPartnerSql } from '../privacy-partner.sql';

/*
 * The likes page and the likes badge, hand-written: polled every minute from every open tab
 * (docs/performance.md: Prisma's work per query was most of their cost). The chat and likes tests
 * walk the visibility matrix over them.
 */

/** New likes from members a list may show ($1: the viewer): the `list` rule. */
export const NEW_LIKERS = `SELECT count(*)::int AS n FROM likes l
  JOIN profiles p ON p.user_id = l.liker_id
  WHERE l.liked_id = $1 AND l.is_new AND ${listRuleSql('$1')}`;

/**
 * The likes page ($1: the viewer): every like given or received with the other member's card
 * under the `list` rule, and whether that member wrote to the viewer (privacy mode shows such
 * partners the photos: privacy-partner.sql.ts).
 */
const LIKES_SQL = `SELECT l.liker_id, l.liked_id, l.is_new, l.created_at, ${CARD_COLUMNS},
    ${privacyPartnerSql('p.user_id', '$1')} AS partner
  FROM likes l
  JOIN profiles p ON p.user_id = CASE WHEN l.liker_id = $1 THEN l.liked_id ELSE l.liker_id END
  ${CARD_JOINS}
  WHERE (l.liker_id = $1 OR l.liked_id = $1) AND ${listRuleSql('$1')}`;

export interface LikeColumns extends CardColumns {
  liker_id: number;
  liked_id: number;
  is_new: boolean;
  created_at: Date;
  partner: boolean;
}

/** The likes page of the viewer. */
export const likesPageStatement = numbered<LikeColumns, [viewer: number]>('likes-page', LIKES_SQL);

/**
 * The likes the viewer received that the likes page shows ($1: the viewer), oldest first: the
 * same `list` rule on the liker (active, not invisible, no block either way), for the data
 * export. A like from a member the page hides is left out, as the page leaves it out.
 */
const RECEIVED_LIKES_SQL = `SELECT l.liker_id, l.source, l.is_new, l.created_at FROM likes l
  JOIN profiles p ON p.user_id = l.liker_id
  WHERE l.liked_id = $1 AND ${listRuleSql('$1')}
  ORDER BY l.created_at, l.liker_id`;

export interface ReceivedLikeColumns {
  liker_id: number;
  source: LikeSource;
  is_new: boolean;
  created_at: Date;
}

/** The received likes of the viewer that the likes page shows. */
export const receivedLikesStatement = numbered<ReceivedLikeColumns, [viewer: number]>(
  'likes-received',
  RECEIVED_LIKES_SQL,
);
