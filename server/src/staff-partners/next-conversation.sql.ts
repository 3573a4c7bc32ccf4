import { OPERATOR_LOCK_MINUTES } from '@app/contract';
import { Prisma } from '../generated/prisma/client';

/**
 * The "next conversation" button's SQL (run through queryRows, server/src/prisma/sql.ts, in
 * Prisma's transaction): the asking operator's live holds are released, then the longest-waiting
 * conversation nobody holds is claimed with the operators' own lock (operator_locks), in one
 * statement that skips the conversation rows another claim has row-locked at that moment (FOR
 * UPDATE SKIP LOCKED): two operators pressing at once get two different conversations.
 */

/** A conversation whose hold was released. */
export interface ReleasedHoldRow {
  conversation_id: number;
}

/** Ends the operator's live holds (they move on); the conversations go back to the queue. */
export function releaseHoldsStatement(operatorId: number): Prisma.Sql {
  return Prisma.sql`
      DELETE FROM operator_locks WHERE operator_id = ${operatorId}::int AND expires_at > now()
      RETURNING conversation_id`;
}

/** What a claim found (`candidate`) and whether the hold was taken (`claimed`). */
export interface ClaimRow {
  candidate: number | null;
  claimed: number | null;
  expires_at: Date | null;
}

/**
 * Claims the longest-waiting conversation (conversations.awaiting_reply_since: set only by a
 * member's message to a chat partner, cleared by the reply) that nobody holds, skipping
 * `except` (the ones the operator just left) and any conversation row another claim holds right
 * now. A candidate whose hold another operator took between this statement's snapshot and its
 * insert (the ON CONFLICT's WHERE refuses it) comes back with `claimed` null: the caller tries
 * again with a new snapshot.
 */
export function claimNextStatement(operatorId: number, except: number[]): Prisma.Sql {
  return Prisma.sql`
      WITH candidate AS (
        SELECT c.id FROM conversations c
        WHERE c.awaiting_reply_since IS NOT NULL
          AND NOT (c.id = ANY (${except}::int[]))
          AND NOT EXISTS (SELECT 1 FROM operator_locks l
            WHERE l.conversation_id = c.id AND l.expires_at > now())
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id IN (c.user_low_id, c.user_high_id)
            AND u.status = 'purged')
        ORDER BY c.awaiting_reply_since, c.id
        LIMIT 1
        FOR UPDATE OF c SKIP LOCKED
      ), claimed AS (
        INSERT INTO operator_locks AS l (conversation_id, operator_id, locked_at, expires_at)
        SELECT id, ${operatorId}::int, now(), now() + make_interval(mins => ${OPERATOR_LOCK_MINUTES})
        FROM candidate
        ON CONFLICT (conversation_id) DO UPDATE SET operator_id = EXCLUDED.operator_id,
          locked_at = now(), expires_at = EXCLUDED.expires_at
        WHERE l.expires_at <= now()
        RETURNING l.conversation_id, l.expires_at
      )
      SELECT (SELECT id FROM candidate) AS candidate,
        (SELECT conversation_id FROM claimed) AS claimed,
        (SELECT expires_at FROM claimed) AS expires_at`;
}
