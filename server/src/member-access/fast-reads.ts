import type { ProfileCardRow } from './card.presenter';
import { notBlocked } from './not-blocked';
import { privacyPartnerOfSideSql, privacyPartnerSql } from './privacy-partner';

/**
 * The hot polling reads (chats.php and likes.php every minute from every open tab) as one
 * prepared, hand-written statement each, on Prisma's pool (docs/performance.md: Prisma's work per
 * query was most of their cost). They express the visibility rule of visibility.ts in SQL; the
 * chat and likes tests walk the same matrix (blocks both ways, invisible, deleted, banned,
 * unconfirmed) over them, so the two expressions cannot drift apart unnoticed.
 */

/** The card columns of a profile `p` with its city `c`, region `r` and main photo `ph`. */
export const CARD_COLUMNS = `p.id AS profile_id, p.user_id AS profile_user_id, p.name, p.gender::text AS gender,
  p.date_of_birth, p.country_code, p.region_id, p.fictional, p.last_active_at, p.privacy_mode,
  c.name AS city_name, r.name AS region_name,
  ph.id AS photo_id, ph.filename AS photo_filename, ph.status::text AS photo_status`;
export const CARD_JOINS = `LEFT JOIN cities c ON c.id = p.city_id
  LEFT JOIN regions r ON r.id = p.region_id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id`;

/**
 * The `list` rule of visibility.ts over profiles `p` in SQL, for the viewer `me` (an SQL
 * expression; null: a visitor): an active profile, not invisible, not the viewer, no block either
 * way. An active profile is one of a confirmed account: the database keeps them equivalent
 * (migration list_reads: a profile of an account that is not confirmed is `disabled`), so the
 * account row need not be read for every candidate.
 */
export function listRuleSql(me: string | null): string {
  const rule = [`p.status = 'active'`, `NOT p.invisible`];
  if (me !== null) rule.push(`p.user_id <> ${me}`, notBlocked('p.user_id', me));
  return rule.join(' AND ');
}

export interface CardColumns {
  profile_id: number;
  profile_user_id: number;
  name: string;
  gender: ProfileCardRow['gender'];
  date_of_birth: Date;
  country_code: string;
  region_id: number | null;
  fictional: boolean;
  last_active_at: Date;
  privacy_mode: boolean;
  city_name: string | null;
  region_name: string | null;
  photo_id: number | null;
  photo_filename: string | null;
  photo_status: string | null;
}

/** A card row as PROFILE_CARD_SELECT reads it, from the columns above. */
export function cardRowOf(row: CardColumns): ProfileCardRow {
  return {
    id: row.profile_id,
    userId: row.profile_user_id,
    name: row.name,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    countryCode: row.country_code,
    regionId: row.region_id,
    fictional: row.fictional,
    lastActiveAt: row.last_active_at,
    privacyMode: row.privacy_mode,
    city: row.city_name === null ? null : { name: row.city_name },
    region: row.region_name === null ? null : { name: row.region_name },
    mainPhoto:
      row.photo_id === null
        ? null
        : {
            id: row.photo_id,
            filename: row.photo_filename as string,
            status: row.photo_status as NonNullable<ProfileCardRow['mainPhoto']>['status'],
          },
  };
}

/** New likes from members a list may show ($1: the viewer): the `list` rule. */
export const NEW_LIKERS = `SELECT count(*)::int AS n FROM likes l
  JOIN profiles p ON p.user_id = l.liker_id
  WHERE l.liked_id = $1 AND l.is_new AND ${listRuleSql('$1')}`;

/**
 * The chat list ($1: the viewer, $2: the preview length): each conversation with its newest
 * message the viewer may see and the other member, under the `contact` rule (active, confirmed,
 * no block either way; an invisible member is a partner here by definition), whether that member
 * wrote to the viewer (privacy mode), newest first; and the count of new likes, in the same
 * statement.
 */
export const CHAT_LIST_SQL = `WITH nl AS (${NEW_LIKERS})
  SELECT nl.n AS new_likes, x.* FROM nl LEFT JOIN (
    SELECT cp.conversation_id, cp.unread_count, cp.last_read_seq AS own_read,
      cp.last_delivered_seq AS own_delivered, o.last_read_seq AS other_read,
      o.last_delivered_seq AS other_delivered, m.id AS message_id, m.seq, m.sender_id,
      m.type::text AS type, m.held, left(m.body, $2) AS preview, m.created_at, ${CARD_COLUMNS},
      ${privacyPartnerOfSideSql('o', '$1')} AS partner
    FROM conversation_participants cp
    JOIN conversation_participants o
      ON o.conversation_id = cp.conversation_id AND o.user_id <> cp.user_id
    JOIN messages m ON m.id = cp.last_message_id
    JOIN profiles p ON p.user_id = o.user_id AND p.status = 'active'
    ${CARD_JOINS}
    WHERE cp.user_id = $1 AND ${notBlocked('o.user_id')}
  ) x ON true
  ORDER BY x.seq DESC NULLS LAST`;

export interface ChatListColumns extends CardColumns {
  new_likes: number;
  conversation_id: number | null;
  unread_count: number;
  own_read: number;
  own_delivered: number;
  other_read: number;
  other_delivered: number;
  message_id: number;
  seq: number;
  sender_id: number;
  type: 'text' | 'photo' | 'gift';
  held: boolean;
  preview: string | null;
  created_at: Date;
  partner: boolean;
}

/**
 * The likes page ($1: the viewer): every like given or received with the other member's card
 * under the `list` rule, and whether that member wrote to the viewer (privacy mode shows such
 * partners the photos: privacy-partner.ts).
 */
export const LIKES_SQL = `SELECT l.liker_id, l.liked_id, l.is_new, l.created_at, ${CARD_COLUMNS},
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

/**
 * The `contact` rule for one member ($1: the viewer): active profile (of a confirmed account, see
 * listRuleSql), not the viewer, no block either way, and not invisible unless the two already
 * share a conversation.
 */
const CONTACTABLE = `p.status = 'active' AND p.user_id <> $1 AND ${notBlocked('p.user_id')}
  AND (NOT p.invisible OR EXISTS (SELECT 1 FROM conversation_participants a
    JOIN conversation_participants b ON b.conversation_id = a.conversation_id
    WHERE a.user_id = $1 AND b.user_id = p.user_id))`;

/**
 * A member the viewer may message, by profile id ($2) or account id ($3); with the card and
 * whether that member wrote to the viewer (privacy mode).
 */
export const CHAT_PARTNER_SQL = `SELECT ${CARD_COLUMNS},
    ${privacyPartnerSql('p.user_id', '$1')} AS partner
  FROM profiles p
  ${CARD_JOINS}
  WHERE (p.id = $2 OR p.user_id = $3) AND ${CONTACTABLE}`;

export interface ChatPartnerColumns extends CardColumns {
  partner: boolean;
}

/**
 * The other member of a conversation ($2) the viewer takes part in, if the viewer may message
 * them (a partner by definition, so invisible mode does not hide them).
 */
export const CHAT_PARTNER_IN_SQL = `SELECT p.id, p.user_id, p.fictional
  FROM conversation_participants me
  JOIN conversation_participants o
    ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
  JOIN profiles p ON p.user_id = o.user_id
  WHERE me.conversation_id = $2 AND me.user_id = $1 AND ${CONTACTABLE}`;

/** The profile ids of those accounts ($2) the viewer may message. */
export const CHAT_PARTNER_IDS_SQL = `SELECT p.id, p.user_id, p.fictional
  FROM profiles p
  WHERE p.user_id = ANY($2::int[]) AND ${CONTACTABLE}`;
