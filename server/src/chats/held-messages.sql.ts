import { Prisma } from '../generated/prisma/client';

/**
 * The release of held messages in hand-written SQL (run through queryRows and executeStatement,
 * server/src/prisma/sql.ts, in the activation's Prisma transaction): set-based updates Prisma
 * cannot express (a new seq for each message, in order; counts per conversation).
 */

/** A released message's id. */
export interface ReleasedRow {
  id: number;
}

/**
 * The member's held messages become visible, each with a new seq in the order they were
 * written (locked first); answers their ids.
 */
export function releaseHeldStatement(userId: number): Prisma.Sql {
  return Prisma.sql`
      WITH ordered AS (
        SELECT id FROM messages WHERE sender_id = ${userId}::int AND held ORDER BY id FOR UPDATE
      ), numbered AS (
        SELECT id, nextval(pg_get_serial_sequence('messages', 'seq')) AS seq FROM ordered
      )
      UPDATE messages m SET held = false, seq = numbered.seq, seq_at = now()
      FROM numbered WHERE m.id = numbered.id
      RETURNING m.id`;
}

/**
 * Both sides of the conversations of these released messages: on the partners' the messages
 * arrive (unread, newest, the conversation back); on the member's own they wrote (privacy
 * mode), unless they removed the conversation since.
 */
export function releasedArriveStatement(userId: number, messageIds: number[]): Prisma.Sql {
  return Prisma.sql`
      UPDATE conversation_participants cp SET
        unread_count = cp.unread_count + CASE WHEN cp.user_id <> ${userId}::int THEN r.n ELSE 0 END,
        last_message_id = CASE WHEN cp.user_id <> ${userId}::int
          THEN GREATEST(COALESCE(cp.last_message_id, 0), r.last_id) ELSE cp.last_message_id END,
        removed_at = CASE WHEN cp.user_id <> ${userId}::int THEN NULL ELSE cp.removed_at END,
        wrote_at = CASE WHEN cp.user_id = ${userId}::int AND cp.removed_at IS NULL
          THEN now() ELSE cp.wrote_at END
      FROM (
        SELECT conversation_id, count(*)::int AS n, max(id) AS last_id FROM messages
        WHERE id = ANY(${messageIds}::int[]) GROUP BY conversation_id
      ) r
      WHERE cp.conversation_id = r.conversation_id`;
}

/** These conversations (with a chat pal) wait for an operator's reply, since now if not yet. */
export function awaitReplyStatement(conversationIds: number[]): Prisma.Sql {
  return Prisma.sql`
        UPDATE conversations SET awaiting_reply_since = COALESCE(awaiting_reply_since, now())
        WHERE id = ANY(${conversationIds}::int[])`;
}
