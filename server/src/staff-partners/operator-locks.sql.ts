import { OPERATOR_LOCK_MINUTES } from '@app/contract';
import { Prisma } from '../generated/prisma/client';

/**
 * The operators' holds on conversations (operator_locks; run through queryRows,
 * server/src/prisma/sql.ts, on Prisma): SQL because a hold is taken in one atomic upsert (of two
 * operators racing exactly one gets it) and read under a row lock (FOR UPDATE) for a take-over.
 * Only staff-partners reads this table: the chat's send path gets the checked hold
 * (InboxService.hold) as an OperatorTurn.
 */

/** A hold: who, until when. */
export interface OperatorHoldRow {
  operator_id: number;
  expires_at: Date;
}

/** A conversation's live hold (none: nobody holds it, or it expired). */
export function liveHoldStatement(conversationId: number): Prisma.Sql {
  return Prisma.sql`
        SELECT operator_id, expires_at FROM operator_locks
        WHERE conversation_id = ${conversationId} AND expires_at > now()`;
}

/** A conversation's hold, row-locked for the rest of the transaction (none: no row). */
export function holdForUpdateStatement(conversationId: number): Prisma.Sql {
  return Prisma.sql`
        SELECT operator_id, expires_at FROM operator_locks
        WHERE conversation_id = ${conversationId} FOR UPDATE`;
}

/** The hold given to `operatorId` whoever held it (an admin's take-over), for OPERATOR_LOCK_MINUTES. */
export function takeOverHoldStatement(conversationId: number, operatorId: number): Prisma.Sql {
  return Prisma.sql`
        INSERT INTO operator_locks (conversation_id, operator_id, locked_at, expires_at)
        VALUES (${conversationId}, ${operatorId}, now(),
          now() + make_interval(mins => ${OPERATOR_LOCK_MINUTES}))
        ON CONFLICT (conversation_id) DO UPDATE SET operator_id = EXCLUDED.operator_id,
          locked_at = now(), expires_at = EXCLUDED.expires_at
        RETURNING operator_id, expires_at`;
}

/** A row of takeHoldStatement. */
export interface TakenHoldRow extends OperatorHoldRow {
  /** The asking operator had no live hold on it before. */
  taken: boolean;
}

/**
 * Takes or extends `operatorId`'s hold when the conversation is free, expired or already theirs
 * (no row: another operator holds it).
 */
export function takeHoldStatement(conversationId: number, operatorId: number): Prisma.Sql {
  return Prisma.sql`
      WITH old AS (
        SELECT operator_id, expires_at FROM operator_locks WHERE conversation_id = ${conversationId}
      )
      INSERT INTO operator_locks AS l (conversation_id, operator_id, locked_at, expires_at)
      VALUES (${conversationId}, ${operatorId}, now(),
        now() + make_interval(mins => ${OPERATOR_LOCK_MINUTES}))
      ON CONFLICT (conversation_id) DO UPDATE SET operator_id = EXCLUDED.operator_id,
        locked_at = CASE WHEN l.operator_id = EXCLUDED.operator_id AND l.expires_at > now()
          THEN l.locked_at ELSE now() END,
        expires_at = EXCLUDED.expires_at
      WHERE l.operator_id = EXCLUDED.operator_id OR l.expires_at <= now()
      RETURNING l.operator_id, l.expires_at,
        NOT EXISTS (SELECT 1 FROM old WHERE old.operator_id = ${operatorId}
          AND old.expires_at > now()) AS taken`;
}
