import { CATCH_UP_LIMIT } from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import type { MessageRow } from './message.presenter';

/**
 * The conversations' hand-written SQL (run through queryRows, server/src/prisma/sql.ts, on
 * Prisma): catch-up in two index range scans, and a removal as one set-based update.
 */

/** A catch-up row (Prisma reads the bigints). */
export type CatchUpRow = MessageRow & {
  otherId: number;
  ownRead: bigint;
  ownDelivered: bigint;
  otherRead: bigint;
  otherDelivered: bigint;
};

/**
 * The member's messages with a seq above `since` (a page, and one more to know of the next),
 * and the at most `overlapMax` at or below it that were sequenced after `overlapFrom`, in seq
 * order: not cleared, not older than `historyFrom`, held ones only the sender's own.
 */
export function catchUpStatement(
  userId: number,
  since: number,
  historyFrom: Date,
  overlapFrom: Date,
  overlapMax: number,
): Prisma.Sql {
  return Prisma.sql`
      WITH mine AS (
        SELECT cp.conversation_id, cp.cleared_seq, cp.last_read_seq, cp.last_delivered_seq,
          o.user_id AS other_id, o.last_read_seq AS other_read,
          o.last_delivered_seq AS other_delivered
        FROM conversation_participants cp
        JOIN conversation_participants o
          ON o.conversation_id = cp.conversation_id AND o.user_id <> cp.user_id
        WHERE cp.user_id = ${userId}::int
      ), visible AS (
        SELECT m.id, m.seq, m.seq_at, m.conversation_id, m.sender_id, m.type, m.held, m.body,
          m.image_filename, m.image_width, m.image_height, m.gift_id, m.credits_cost,
          m.scam_categories, m.created_at, mine.other_id, mine.last_read_seq, mine.last_delivered_seq,
          mine.other_read, mine.other_delivered
        FROM mine JOIN messages m ON m.conversation_id = mine.conversation_id
        WHERE m.seq > mine.cleared_seq AND m.created_at >= ${historyFrom}
          AND (m.sender_id = ${userId}::int OR NOT m.held)
      ), after AS (
        SELECT * FROM visible WHERE seq > ${since}::bigint ORDER BY seq LIMIT ${CATCH_UP_LIMIT + 1}::int
      ), overlap AS (
        SELECT * FROM visible
        WHERE seq <= ${since}::bigint AND seq_at > ${overlapFrom}
        ORDER BY seq DESC LIMIT ${overlapMax}::int
      )
      SELECT id, seq, conversation_id AS "conversationId", sender_id AS "senderId",
        type::text AS "type", held, body, image_filename AS "imageFilename",
        image_width AS "imageWidth", image_height AS "imageHeight", gift_id AS "giftId",
        credits_cost AS "creditsCost", scam_categories AS "scamCategories",
        created_at AS "createdAt", other_id AS "otherId",
        last_read_seq AS "ownRead", last_delivered_seq AS "ownDelivered",
        other_read AS "otherRead", other_delivered AS "otherDelivered"
      FROM (SELECT * FROM after UNION ALL SELECT * FROM overlap) answer
      ORDER BY seq`;
}

/**
 * Removes these conversations from the member's list: everything up to their newest message
 * cleared, no newest message, nothing unread, and no longer "wrote" (privacy mode).
 */
export function removeConversationsStatement(
  userId: number,
  conversationIds: number[],
  now: Date,
): Prisma.Sql {
  return Prisma.sql`
        UPDATE conversation_participants cp SET
          removed_at = ${now}, last_message_id = NULL, unread_count = 0, wrote_at = NULL,
          cleared_seq = COALESCE(
            (SELECT max(seq) FROM messages m WHERE m.conversation_id = cp.conversation_id),
            cp.cleared_seq)
        WHERE cp.user_id = ${userId}::int AND cp.conversation_id = ANY(${conversationIds}::int[])`;
}
