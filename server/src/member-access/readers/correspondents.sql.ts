import { numbered } from '../../prisma/sql';
import { CARD_COLUMNS, CARD_JOINS, type CardColumns } from '../card.sql';
import { notBlocked } from '../not-blocked.sql';
import { privacyPartnerOfSideSql, privacyPartnerSql } from '../privacy-partner.sql';
import { NEW_LIKERS } from './likes-page.sql';

/*
 * The chat list and the `contact` rule, hand-written: the chat list is polled every minute from
 * every open tab, the contact rule read on every send (docs/performance.md: Prisma's work per
 * query was most of their cost). They express the visibility rule of visibility.ts in SQL; the
 * chat tests walk the same matrix (blocks both ways, invisible, deleted, banned, unconfirmed)
 * over them, so the two expressions cannot drift apart unnoticed.
 */

/**
 * The chat list ($1: the viewer, $2: the preview length): each conversation with its newest
 * message the viewer may see and the other member, under the `contact` rule (active, confirmed,
 * no block either way; an invisible member is a partner here by definition), whether that member
 * wrote to the viewer (privacy mode), newest first; and the count of new likes, in the same
 * statement.
 */
const CHAT_LIST_SQL = `WITH nl AS (${NEW_LIKERS})
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
const CHAT_PARTNER_SQL = `SELECT ${CARD_COLUMNS},
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
const CHAT_PARTNER_IN_SQL = `SELECT p.id, p.user_id, p.fictional
  FROM conversation_participants me
  JOIN conversation_participants o
    ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
  JOIN profiles p ON p.user_id = o.user_id
  WHERE me.conversation_id = $2 AND me.user_id = $1 AND ${CONTACTABLE}`;

/** A member the viewer may message: profile, account, and whether a chat pal. */
export interface CorrespondentColumns {
  id: number;
  user_id: number;
  fictional: boolean;
}

/** The profile ids of those accounts ($2) the viewer may message. */
const CHAT_PARTNER_IDS_SQL = `SELECT p.id, p.user_id, p.fictional
  FROM profiles p
  WHERE p.user_id = ANY($2::int[]) AND ${CONTACTABLE}`;

/** The viewer's chat list, and the new likes' count ($2: the preview length). */
export const chatListStatement = numbered<ChatListColumns, [viewer: number, previewLength: number]>(
  'chat-list',
  CHAT_LIST_SQL,
);

/** A member the viewer may message, by profile id or account id (0: not that one). */
export const chatPartnerStatement = numbered<
  ChatPartnerColumns,
  [viewer: number, profileId: number, userId: number]
>('chat-partner', CHAT_PARTNER_SQL);

/** The other member of a conversation, if the viewer may message them. */
export const chatPartnerInStatement = numbered<
  CorrespondentColumns,
  [viewer: number, conversationId: number]
>('chat-partner-in', CHAT_PARTNER_IN_SQL);

/** Which of these accounts the viewer may message. */
export const chatPartnerIdsStatement = numbered<
  CorrespondentColumns,
  [viewer: number, userIds: number[]]
>('chat-partner-ids', CHAT_PARTNER_IDS_SQL);
