import { Prisma } from '../generated/prisma/client';

/** A message around a flagged one, as the scam queue shows it (`flag`: the flagged message). */
export interface ScamContextRow {
  flag: number;
  id: number;
  sender_id: number;
  type: string;
  body: string | null;
  created_at: Date;
}

/**
 * For every flagged message of a page, up to `around` messages of its conversation before it,
 * the message itself and up to `around` after it, in one statement (it was three per flag).
 * Each side is an index range of `messages (conversation_id, id)`.
 */
export function scamContextStatement(
  flags: readonly { messageId: number; conversationId: number }[],
  around: number,
): Prisma.Sql {
  const messageIds = flags.map((f) => f.messageId);
  const conversationIds = flags.map((f) => f.conversationId);
  return Prisma.sql`
    SELECT f.message_id AS flag, m.id, m.sender_id, m.type::text AS type, m.body, m.created_at
      FROM unnest(${messageIds}::int[], ${conversationIds}::int[]) AS f(message_id, conversation_id)
     CROSS JOIN LATERAL (
             (SELECT id, sender_id, type, body, created_at FROM messages
               WHERE conversation_id = f.conversation_id AND id < f.message_id
               ORDER BY id DESC LIMIT ${around})
             UNION ALL
             (SELECT id, sender_id, type, body, created_at FROM messages WHERE id = f.message_id)
             UNION ALL
             (SELECT id, sender_id, type, body, created_at FROM messages
               WHERE conversation_id = f.conversation_id AND id > f.message_id
               ORDER BY id ASC LIMIT ${around})
           ) m
     ORDER BY f.message_id, m.id`;
}
