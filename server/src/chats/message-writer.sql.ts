import { Prisma, type MessageType } from '../generated/prisma/client';
import { ADVISORY_LOCK } from '../prisma/advisory-locks';
import type { ScamCategory } from '@app/contract';
import type { MessageRow } from './message.presenter';
import type { Content, Partner } from './sending';

/**
 * The send's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, in either kind
 * of transaction): one statement where Prisma would need five round trips in the hot path.
 */

/** A row of the send's insert, as PostgreSQL names its columns. */
export interface InsertedRow {
  id: number;
  /** bigint through Prisma, a number through pg (prisma/pg-types.ts) */
  seq: bigint | number;
  conversation_id: number;
  sender_id: number;
  type: MessageType;
  held: boolean;
  body: string | null;
  image_filename: string | null;
  image_width: number | null;
  image_height: number | null;
  gift_id: number | null;
  credits_cost: number;
  created_at: Date;
  scam_categories: string[];
  /** The sender's balance after a paid message (null for a free one). */
  balance_after: number | null;
}

/** A paid message's debit as steps of its statement (CreditsService.debitSteps). */
export interface PaySteps {
  paid: Prisma.Sql;
  ledger: Prisma.Sql;
}

/** What the insert writes besides the content. */
export interface InsertMeta {
  held: boolean;
  key: string;
  /** The staff account of an operator's reply (sent as the chat pal). */
  operatorId?: number;
  /** What the scan found (contract message-scan.ts; member-to-member texts only), and its score. */
  scam?: { categories: readonly ScamCategory[]; score: number } | null;
}

/**
 * The message, in one statement: under the chat locks of both members (taken first, so the
 * seq the insert draws commits in order for each of them; chat-locks.ts), a paid message's
 * debit and ledger row (`pay`, CreditsService.debitSteps: without the credits, nothing is
 * written and no row comes back), the insert, and
 * both members' rows of the conversation (the list's newest message, the recipient's unread
 * count unless held, a removed conversation back, and unless held that the sender wrote: the
 * privacy-mode partner, member-access/privacy-partner.sql.ts) and the conversation itself (its last
 * message, and the operator queue: a member's message to a chat pal waits, a reply answers).
 * A message the scan flagged also stores its categories, enters the moderators' queue and adds
 * to its sender's risk score, in this same statement (no round trip of its own); an ordinary
 * message's statement is the same as before the scan.
 */
export function insertMessage(
  conversationId: number,
  senderId: number,
  partner: Pick<Partner, 'userId' | 'fictional'>,
  content: Content,
  meta: InsertMeta,
  pay: PaySteps | null = null,
): Prisma.Sql {
  const [low, high] = [senderId, partner.userId].sort((a, b) => a - b);
  const waiting = partner.fictional && !meta.held ? 'wait' : meta.operatorId ? 'answered' : 'same';
  const scam = meta.scam && meta.scam.categories.length > 0 ? meta.scam : null;
  // a text[] literal of fixed category names (SCAM_CATEGORIES): nothing a member typed
  const categories = scam ? `{${scam.categories.join(',')}}` : null;
  return Prisma.sql`
      WITH locked AS (
        SELECT pg_advisory_xact_lock(${ADVISORY_LOCK.CHAT}::int, ${low}::int)::text AS a,
               pg_advisory_xact_lock(${ADVISORY_LOCK.CHAT}::int, ${high}::int)::text AS b
      ),${pay ? Prisma.sql` ${pay.paid},` : Prisma.empty} m AS (
        INSERT INTO messages (conversation_id, sender_id, operator_id, waited_since, type, held,
          body, image_filename, image_width, image_height, gift_id, credits_cost, idempotency_key${
            scam ? Prisma.sql`, scam_categories` : Prisma.empty
          })
        SELECT ${conversationId}::int, ${senderId}::int, ${meta.operatorId ?? null}::int,
          CASE WHEN ${meta.operatorId ?? null}::int IS NULL THEN NULL ELSE
            (SELECT awaiting_reply_since FROM conversations WHERE id = ${conversationId}::int) END,
          ${content.type}::"MessageType", ${meta.held}::boolean, ${content.body ?? null}::text,
          ${content.image?.filename ?? null}::text, ${content.image?.width ?? null}::int,
          ${content.image?.height ?? null}::int, ${content.giftId ?? null}::int,
          ${content.cost}::int, ${meta.key}::text${
            scam ? Prisma.sql`, ${categories}::text[]` : Prisma.empty
          }
        FROM locked${pay ? Prisma.sql`, paid` : Prisma.empty}
        RETURNING id, seq, conversation_id, sender_id, type::text AS type, held, body,
          image_filename, image_width, image_height, gift_id, credits_cost, created_at,
          scam_categories
      ),${pay ? Prisma.sql` ${pay.ledger},` : Prisma.empty}${
        scam ? scamSteps(partner.userId, categories as string, scam.score) : Prisma.empty
      } p AS (
        UPDATE conversation_participants SET
          last_message_id = (SELECT id FROM m), removed_at = NULL,
          unread_count = unread_count + CASE WHEN user_id = ${partner.userId}::int THEN 1 ELSE 0 END,
          wrote_at = CASE WHEN user_id = ${senderId}::int AND NOT ${meta.held}::boolean
            THEN (SELECT created_at FROM m) ELSE wrote_at END
        WHERE conversation_id = ${conversationId}::int AND EXISTS (SELECT 1 FROM m)
          AND (user_id = ${senderId}::int
            OR (user_id = ${partner.userId}::int AND NOT ${meta.held}::boolean))
      ), c AS (
        UPDATE conversations SET last_message_at = (SELECT created_at FROM m),
          awaiting_reply_since = CASE ${waiting}::text
            WHEN 'wait' THEN COALESCE(awaiting_reply_since, (SELECT created_at FROM m))
            WHEN 'answered' THEN NULL
            ELSE awaiting_reply_since END
        WHERE id = ${conversationId}::int AND EXISTS (SELECT 1 FROM m)
      )
      SELECT m.*, ${
        pay ? Prisma.sql`(SELECT balance_after FROM ledger)` : Prisma.sql`NULL::int`
      } AS balance_after FROM m`;
}

/** A flagged message's moderators' queue entry and its sender's risk score (CTEs after `m`). */
function scamSteps(recipientId: number, categories: string, score: number): Prisma.Sql {
  return Prisma.sql`
      f AS (
        INSERT INTO message_scam_flags (message_id, conversation_id, sender_id, recipient_id,
          categories, score)
        SELECT id, conversation_id, sender_id, ${recipientId}::int, ${categories}::text[],
          ${score}::int
        FROM m
      ), r AS (
        INSERT INTO member_risk_scores (user_id, score, hits, last_hit_at, last_categories)
        SELECT sender_id, ${score}::int, 1, created_at, ${categories}::text[] FROM m
        ON CONFLICT (user_id) DO UPDATE SET score = member_risk_scores.score + EXCLUDED.score,
          hits = member_risk_scores.hits + 1, last_hit_at = EXCLUDED.last_hit_at,
          last_categories = EXCLUDED.last_categories
      ),`;
}

/** The inserted row as Prisma's select names it (what MessagePresenter presents). */
export function messageRowOf(row: InsertedRow): MessageRow {
  return {
    id: row.id,
    seq: BigInt(row.seq),
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    type: row.type,
    held: row.held,
    body: row.body,
    imageFilename: row.image_filename,
    imageWidth: row.image_width,
    imageHeight: row.image_height,
    giftId: row.gift_id,
    creditsCost: row.credits_cost,
    createdAt: row.created_at,
    scamCategories: row.scam_categories ?? [],
  };
}
