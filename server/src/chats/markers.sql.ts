import { Prisma } from '../generated/prisma/client';

/**
 * The read and delivery markers' hand-written SQL (run through queryRows, server/src/prisma/
 * sql.ts, on Prisma): each marker moves in one statement that also answers what it moved to.
 */

/** What a read answers (Prisma reads the bigint). */
export interface ReadRow {
  read: bigint;
  moved: boolean;
}

/**
 * The member read the conversation up to `seq` (at most its newest message from the other
 * member that is not held): both markers move forward only, the unread count becomes what is
 * newer; answers the read marker and whether it moved.
 */
export function readUpToStatement(conversationId: number, userId: number, seq: number): Prisma.Sql {
  return Prisma.sql`
      WITH top AS (
        SELECT COALESCE(max(seq), 0) AS s FROM messages
        WHERE conversation_id = ${conversationId}::int AND sender_id <> ${userId}::int
          AND NOT held
      ), target AS (
        SELECT LEAST(${seq}::bigint, top.s) AS s FROM top
      ), before AS (
        SELECT last_read_seq FROM conversation_participants
        WHERE conversation_id = ${conversationId}::int AND user_id = ${userId}::int
      )
      UPDATE conversation_participants cp SET
        last_read_seq = GREATEST(cp.last_read_seq, target.s),
        last_delivered_seq = GREATEST(cp.last_delivered_seq, target.s),
        unread_count = (
          SELECT count(*)::int FROM messages m
          WHERE m.conversation_id = cp.conversation_id AND m.sender_id <> cp.user_id
            AND NOT m.held AND m.seq > GREATEST(cp.last_read_seq, target.s)
            AND m.seq > cp.cleared_seq
        )
      FROM target, before
      WHERE cp.conversation_id = ${conversationId}::int AND cp.user_id = ${userId}::int
      RETURNING cp.last_read_seq AS "read", cp.last_read_seq > before.last_read_seq AS "moved"`;
}

/** What a delivery answers when the marker moved (Prisma reads the bigint). */
export interface DeliveredRow {
  seq: bigint;
  otherId: number;
}

/**
 * A client of the member holds the conversation's messages up to `seq`: the delivery marker
 * moves forward only; answers it and the other member when it moved (no row otherwise).
 */
export function deliveredUpToStatement(
  conversationId: number,
  userId: number,
  seq: number,
): Prisma.Sql {
  return Prisma.sql`
      UPDATE conversation_participants cp SET last_delivered_seq = t.s
      FROM (
        SELECT LEAST(${seq}::bigint, COALESCE(max(seq), 0)) AS s FROM messages
        WHERE conversation_id = ${conversationId}::int AND sender_id <> ${userId}::int
          AND NOT held
      ) t
      WHERE cp.conversation_id = ${conversationId}::int AND cp.user_id = ${userId}::int
        AND cp.last_delivered_seq < t.s
      RETURNING cp.last_delivered_seq AS "seq", (
        SELECT o.user_id FROM conversation_participants o
        WHERE o.conversation_id = cp.conversation_id AND o.user_id <> cp.user_id
      ) AS "otherId"`;
}
