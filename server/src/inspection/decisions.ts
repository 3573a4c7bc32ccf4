import { INSPECTION_CLAIM_SECONDS, INSPECTION_UNDO_SECONDS } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { queryRows } from '../prisma/sql';
import { lockDecisionStatement, type DecisionRow } from './decisions.sql';

/** The end of a claim taken now. */
export function claimEnd(now: Date): Date {
  return new Date(now.getTime() + INSPECTION_CLAIM_SECONDS * 1000);
}

/** The end of a decision's undo window. */
export function undoEnd(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + INSPECTION_UNDO_SECONDS * 1000);
}

/** An item held by another moderator whose claim still runs: 409, nobody decides it twice. */
export function refuseOthersClaim(
  item: { claimedById: number | null; claimedUntil: Date | null },
  staffId: number,
  now: Date,
): void {
  if (
    item.claimedById !== null &&
    item.claimedById !== staffId &&
    item.claimedUntil !== null &&
    item.claimedUntil > now
  ) {
    throw new AppError('conflict');
  }
}

export type { DecisionRow } from './decisions.sql';

/**
 * A decision the caller may undo now, locked: their own, not undone yet, inside the undo
 * window; anything else is 409 conflict (404 when there is no such decision).
 */
export async function lockUndoable(
  tx: Prisma.TransactionClient,
  decisionId: bigint,
  staffId: number,
  now: Date,
): Promise<DecisionRow> {
  const rows = await queryRows<DecisionRow>(tx, lockDecisionStatement(decisionId));
  const row = rows[0];
  if (!row || row.staff_id !== staffId) throw new AppError('not_found');
  if (row.undone_at !== null || undoEnd(row.decided_at) <= now) throw new AppError('conflict');
  return row;
}
