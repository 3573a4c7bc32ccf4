import { INBOX_COUNT_CAP, INBOX_PAGE } from '@app/contract';
import { Prisma } from '../../generated/prisma/client';

/**
 * The staff reads of chat partners' conversations in SQL (run through queryRows,
 * server/src/prisma/sql.ts, on Prisma): the operators' inbox is one statement on the index of
 * conversations.awaiting_reply_since with a lateral read of the newest message (Prisma would make
 * one query per relation), its waiting count stops at a cap, and the counts per account and the
 * "writes a chat partner" check read conversations by either side.
 */

/** A row of the operators' inbox (inboxPageStatement). */
export interface InboxRow {
  id: number;
  waiting_since: Date;
  partner_id: number;
  /** The chat partner's account (the side the newest message is presented to). */
  partner_user_id: number;
  partner_name: string;
  member_id: number;
  member_name: string;
  body: string | null;
  lock_operator: number | null;
  lock_name: string | null;
  lock_expires: Date | null;
}

/**
 * A page (INBOX_PAGE, and one more to tell a next page) of conversations waiting for a chat
 * partner's reply, longest wait first, with the member's newest message and the lock (if alive);
 * `after`: the previous page's last (time, id).
 *
 * The page's conversations are taken first, in the order of the awaiting_reply_since index, and
 * only then joined to their profiles: a waiting conversation is by construction one between a
 * member and a chat partner (the message writer and the held messages' release set the time only
 * then), as the waiting count below assumes too. With the chat-partner test in the join instead,
 * PostgreSQL reckons from the profiles' statistics (a few hundred chat partners among a million
 * members) that hardly any waiting conversation passes it, and reads and sorts every waiting
 * conversation for each page: about 2 s a page at 100,000 waiting (docs/performance.md).
 */
export function inboxPageStatement(after: { at: Date; id: number } | null): Prisma.Sql {
  return Prisma.sql`
      SELECT c.id, c.awaiting_reply_since AS waiting_since,
        pp.id AS partner_id, pp.user_id AS partner_user_id, pp.name AS partner_name, mp.id AS member_id, mp.name AS member_name,
        lm.body, l.operator_id AS lock_operator,
        COALESCE(ou.staff_name, split_part(ou.email, '@', 1)) AS lock_name,
        l.expires_at AS lock_expires
      FROM (SELECT w.id, w.user_low_id, w.user_high_id, w.awaiting_reply_since
        FROM conversations w
        WHERE w.awaiting_reply_since IS NOT NULL
          ${
            after
              ? Prisma.sql`AND (w.awaiting_reply_since, w.id) > (${after.at}::timestamp(3), ${after.id}::int)`
              : Prisma.empty
          }
        ORDER BY w.awaiting_reply_since, w.id
        LIMIT ${INBOX_PAGE + 1}) c
      JOIN profiles pl ON pl.user_id = c.user_low_id
      JOIN profiles ph ON ph.user_id = c.user_high_id
      CROSS JOIN LATERAL (SELECT CASE WHEN pl.fictional THEN pl.id ELSE ph.id END AS id,
          CASE WHEN pl.fictional THEN pl.user_id ELSE ph.user_id END AS user_id,
          CASE WHEN pl.fictional THEN pl.name ELSE ph.name END AS name) pp
      JOIN profiles mp ON mp.id = CASE WHEN pl.fictional THEN ph.id ELSE pl.id END
      LEFT JOIN LATERAL (SELECT m.body FROM messages m
        WHERE m.conversation_id = c.id AND NOT m.held ORDER BY m.seq DESC LIMIT 1) lm ON true
      LEFT JOIN operator_locks l ON l.conversation_id = c.id AND l.expires_at > now()
      LEFT JOIN users ou ON ou.id = l.operator_id
      WHERE pl.fictional <> ph.fictional
      ORDER BY c.awaiting_reply_since, c.id`;
}

/** How many conversations wait, counted up to INBOX_COUNT_CAP + 1 only. */
export interface InboxWaitingRow {
  waiting: number;
}

/** Counted up to the cap only: an exact count reads every waiting row on every page. */
export const inboxWaitingStatement = Prisma.sql`
      SELECT count(*)::int AS waiting FROM (SELECT 1 FROM conversations
        WHERE awaiting_reply_since IS NOT NULL LIMIT ${INBOX_COUNT_CAP + 1}) w`;

/** An account's number of conversations. */
export interface ConversationCountRow {
  user_id: number;
  n: number;
}

/** The number of conversations of each of these accounts (none: no row). */
export function conversationCountsStatement(userIds: number[]): Prisma.Sql {
  return Prisma.sql`
      SELECT u.id AS user_id, count(c.id)::int AS n
      FROM unnest(${userIds}::int[]) AS u(id)
      JOIN conversations c ON c.user_low_id = u.id OR c.user_high_id = u.id
      GROUP BY u.id`;
}

/** A conversation found. */
export interface ConversationIdRow {
  id: number;
}

/** One conversation of a real member with a chat partner (none: no row). */
export function writesAChatPartnerStatement(userId: number): Prisma.Sql {
  return Prisma.sql`
      SELECT c.id FROM conversations c
      JOIN profiles p ON p.user_id = CASE WHEN c.user_low_id = ${userId}::int
        THEN c.user_high_id ELSE c.user_low_id END
      JOIN profiles own ON own.user_id = ${userId}::int AND NOT own.fictional
      WHERE (c.user_low_id = ${userId}::int OR c.user_high_id = ${userId}::int) AND p.fictional
      LIMIT 1`;
}
