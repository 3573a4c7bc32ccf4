import { Prisma, type Gender } from '../generated/prisma/client';
import { listedConversationSql } from '../member-access';

/**
 * The periodic mails' hand-written SQL (run through queryRows / executeStatement,
 * server/src/prisma/sql.ts, on Prisma): a batch of due members is found in one grouped statement
 * per kind (with each recipient's own profile row: the kind sought and the country, so
 * member-access/boundary.spec.ts lets this file read it), and who was handled is recorded in one
 * set-based upsert. Times are UTC timestamps (utcTimestamp, pg-types.ts).
 */

/** Records that these members were handled by `kind` at `at` (looked at again after the period). */
export function recordHandledStatement(kind: string, userIds: number[], at: string): Prisma.Sql {
  return Prisma.sql`
        INSERT INTO notification_mails_sent (user_id, kind, sent_at)
        SELECT id, ${kind}, ${at}::timestamp FROM unnest(${userIds}::int[]) AS id
        ON CONFLICT (user_id, kind) DO UPDATE SET sent_at = EXCLUDED.sent_at`;
}

/** A member due an unread-message reminder, with how many messages wait in how many chats. */
export interface UnreadReminderRow {
  userId: number;
  count: number;
  conversations: number;
  conversationId: number;
}

/**
 * Up to `limit` members (by id) with a message unread since before `unreadBefore`, last
 * reminded at or before `lastBefore` (or never), who want the reminder; counted over the
 * conversations their chat list shows (no block either way: member-access's rule).
 */
export function unreadReminderStatement(
  unreadBefore: string,
  lastBefore: string,
  limit: number,
): Prisma.Sql {
  return Prisma.sql`
        SELECT p.user_id AS "userId", count(*)::int AS count,
          count(DISTINCT p.conversation_id)::int AS conversations,
          min(p.conversation_id) AS "conversationId"
        FROM conversation_participants p
        JOIN users u ON u.id = p.user_id
        JOIN profiles pr ON pr.user_id = u.id AND NOT pr.fictional
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        LEFT JOIN notification_mails_sent s ON s.user_id = u.id AND s.kind = 'unread_reminder'
        JOIN messages m ON m.conversation_id = p.conversation_id
        WHERE p.unread_count > 0
          AND ${Prisma.raw(listedConversationSql('p', 'p.user_id'))}
          AND u.status = 'confirmed' AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(np.unread_message_reminders, true)
          AND (s.sent_at IS NULL OR s.sent_at <= ${lastBefore}::timestamp)
          AND m.sender_id <> p.user_id AND NOT m.held AND m.hidden_at IS NULL
          AND m.seq > p.last_read_seq AND m.seq > p.cleared_seq
        GROUP BY p.user_id
        HAVING min(m.created_at) <= ${unreadBefore}::timestamp
        ORDER BY p.user_id
        LIMIT ${limit}`;
}

/** A member due a weekly update, with what they seek and where. */
export interface WeeklyDueRow {
  userId: number;
  seekingGender: Gender | null;
  countryCode: string;
}

/** Up to `limit` members (by id) last updated (or signed up) at or before `before`, who want it. */
export function weeklyDueStatement(before: string, limit: number): Prisma.Sql {
  return Prisma.sql`
        SELECT u.id AS "userId", p.seeking_gender::text AS "seekingGender",
          p.country_code AS "countryCode"
        FROM users u
        JOIN profiles p ON p.user_id = u.id AND NOT p.fictional
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        LEFT JOIN notification_mails_sent s ON s.user_id = u.id AND s.kind = 'weekly_update'
        WHERE u.status = 'confirmed' AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(np.weekly_updates, true)
          AND COALESCE(s.sent_at, u.signup_date) <= ${before}::timestamp
        ORDER BY u.id
        LIMIT ${limit}`;
}
