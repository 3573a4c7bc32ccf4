import { Prisma, type NotificationDisabledReason } from '../generated/prisma/client';

/**
 * The notification mails' hand-written SQL (run through queryRows / executeStatement,
 * server/src/prisma/sql.ts, on Prisma): a batch mail counts the unread messages per conversation
 * and sender in one grouped statement, and a reason is added to notifications_disabled only when
 * it is not there yet (an array update Prisma cannot make conditional).
 */

/** Unread messages of one conversation from one sender. */
export interface UnreadSinceRow {
  conversationId: number;
  senderId: number;
  count: number;
}

/**
 * A member's unread messages since `at` (not held, not hidden, not removed by them) per
 * conversation and sender, first unread first: of the conversations begun since `at` when
 * `fresh`, of the older ones otherwise.
 */
export function unreadSinceStatement(userId: number, at: string, fresh: boolean): Prisma.Sql {
  return Prisma.sql`
      SELECT m.conversation_id AS "conversationId", m.sender_id AS "senderId", count(*)::int AS count
      FROM conversation_participants p
      JOIN conversations c ON c.id = p.conversation_id
      JOIN messages m ON m.conversation_id = p.conversation_id
      WHERE p.user_id = ${userId}
        AND (c.created_at >= ${at}::timestamp) = ${fresh}::boolean
        AND m.sender_id <> ${userId} AND NOT m.held AND m.hidden_at IS NULL
        AND m.seq > p.last_read_seq AND m.seq > p.cleared_seq
        AND m.created_at >= ${at}::timestamp
      GROUP BY 1, 2
      ORDER BY min(m.created_at)`;
}

/** Adds `reason` to a member's notifications_disabled unless it is there (1 row: added). */
export function disableNotificationsStatement(
  userId: number,
  reason: NotificationDisabledReason,
): Prisma.Sql {
  return Prisma.sql`
      UPDATE users SET notifications_disabled =
        array_append(COALESCE(notifications_disabled, '{}'), ${reason}::"NotificationDisabledReason")
      WHERE id = ${userId}
        AND NOT (${reason}::"NotificationDisabledReason" = ANY(COALESCE(notifications_disabled, '{}')))`;
}
