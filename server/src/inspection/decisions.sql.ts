import { Prisma } from '../generated/prisma/client';

/**
 * The inspection decisions' hand-written SQL (run through queryRows, server/src/prisma/sql.ts,
 * in Prisma's transaction): a row lock (FOR UPDATE), which Prisma cannot take, so an undo and
 * another undo of one decision run one after the other.
 */

/** A moderator's decision on a photo or a profile text (read through Prisma: `id` a bigint). */
export interface DecisionRow {
  id: bigint;
  kind: 'photo' | 'text';
  subject_id: number;
  user_id: number;
  staff_id: number;
  decision: 'approve' | 'reject';
  reason: string | null;
  before: Record<string, unknown>;
  decided_at: Date;
  undone_at: Date | null;
}

/** Locks a decision for the transaction (none: no row). */
export function lockDecisionStatement(decisionId: bigint): Prisma.Sql {
  return Prisma.sql`
    SELECT id, kind, subject_id, user_id, staff_id, decision, reason, before, decided_at, undone_at
    FROM inspection_decisions WHERE id = ${decisionId} FOR UPDATE`;
}
