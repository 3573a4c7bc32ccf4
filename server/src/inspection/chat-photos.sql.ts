import { Prisma } from '../generated/prisma/client';
import { PHOTO_SCREEN_FLAG_RISK } from '@app/contract';

/*
 * The chat-photo desk's hand-written SQL (run through queryRows): the flagged chat photos not
 * reviewed yet (index photo_screenings_chat_desk_idx), and the message's row lock of a decision.
 * Messages and screenings only: the members' names come through member-access.
 */

export interface ChatPhotoRow {
  screening_id: number;
  message_id: number;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  sent_at: Date;
  risk: number | null;
  scores: unknown;
  abuse_match: boolean;
  scored_at: Date | null;
}

/** What puts a chat photo on the desk (the index's predicate, with the image still there). */
const onDesk = Prisma.sql`
  s.message_id IS NOT NULL AND s.reviewed_at IS NULL
  AND (s.abuse_match OR s.risk >= ${PHOTO_SCREEN_FLAG_RISK}::real)
  AND m.hidden_at IS NULL AND m.image_filename IS NOT NULL`;

/** The desk's page: abuse matches first, then the riskiest, then the oldest. */
export function chatPhotoQueueStatement(limit: number) {
  return Prisma.sql`
    SELECT s.id AS screening_id, m.id AS message_id, m.conversation_id, m.sender_id,
      CASE WHEN c.user_low_id = m.sender_id THEN c.user_high_id ELSE c.user_low_id END
        AS recipient_id,
      m.created_at AS sent_at, s.risk, s.scores, s.abuse_match, s.scored_at
    FROM photo_screenings s
    JOIN messages m ON m.id = s.message_id
    JOIN conversations c ON c.id = m.conversation_id
    WHERE ${onDesk}
    ORDER BY s.abuse_match DESC, s.risk DESC NULLS LAST, s.id
    LIMIT ${limit}`;
}

/** How many wait, and since when. */
export function chatPhotoStatsStatement() {
  return Prisma.sql`
    SELECT count(*)::int AS waiting, min(m.created_at) AS oldest
    FROM photo_screenings s JOIN messages m ON m.id = s.message_id
    WHERE ${onDesk}`;
}

/** The file of a chat photo on the desk (none: not on it, so never served to staff). */
export function chatPhotoFileStatement(messageId: number) {
  return Prisma.sql`
    SELECT m.image_filename AS filename
    FROM photo_screenings s JOIN messages m ON m.id = s.message_id
    WHERE s.message_id = ${messageId} AND ${onDesk}`;
}

export interface LockedChatPhotoRow {
  body: string | null;
  image_filename: string | null;
  hidden_at: Date | null;
  sender_id: number;
  created_at: Date;
  reviewed_at: Date | null;
  on_desk: boolean;
}

/** A chat photo on the desk and its message, locked in a deciding transaction. */
export function lockChatPhotoStatement(messageId: number) {
  return Prisma.sql`
    SELECT m.body, m.image_filename, m.hidden_at, m.sender_id, m.created_at, s.reviewed_at,
      (${onDesk}) AS on_desk
    FROM photo_screenings s JOIN messages m ON m.id = s.message_id
    WHERE s.message_id = ${messageId}
    FOR UPDATE OF m, s`;
}
