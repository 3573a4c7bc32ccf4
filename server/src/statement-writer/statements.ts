import { Injectable } from '@nestjs/common';
import {
  DECISION_GROUNDS,
  type AppealOutcome,
  type DecisionGround,
  type DecisionKind,
  type StatementItem,
  type StatementView,
} from '@app/contract';
import type { Appeal, Prisma, Statement } from '../generated/prisma/client';
import { MailOutbox } from '../mail';
import { appealUntil } from '../mail';

/** What a decision tells the member (see Statements.write). */
export interface StatementInput {
  /** The member the decision is about. */
  userId: number;
  kind: DecisionKind;
  item: StatementItem;
  itemId: number | null;
  ground: DecisionGround;
  /** Free text for the member: what was wrong (the moderator's reason, or a fixed text). */
  explanation: string;
  /**
   * Whether automated means flagged the item (a photo score, a message scan). Default false:
   * the flagging features pass true; the decision itself is always a person's.
   */
  automatedDetection?: boolean;
  /** The staff member who decided (null: the system). */
  decidedById: number | null;
  decidedAt?: Date;
  /** When the item was made, or reported: the start of the report's handling time. */
  itemAt?: Date | null;
  complaintId?: number | null;
  /** What a reversal on appeal needs: the ban's, hidden record's or review's id. */
  ref?: Record<string, number | string>;
}

/**
 * Statements of reasons (DSA art. 17). `write` is the ONE helper every decision that restricts
 * a member calls, inside the decision's own transaction: the statement row and its mail intent
 * commit with the decision or not at all. The caller dispatches the returned mail after commit.
 * A ban's mail carries a link (token `statement_access`) that lets the banned member, who can no
 * longer log in, read their statements and appeal.
 */
@Injectable()
export class Statements {
  constructor(private readonly outbox: MailOutbox) {}

  async write(
    tx: Prisma.TransactionClient,
    input: StatementInput,
  ): Promise<{ id: number; mail: number }> {
    const row = await tx.statement.create({
      data: {
        userId: input.userId,
        kind: input.kind,
        itemType: input.item,
        itemId: input.itemId,
        ground: input.ground,
        explanation: input.explanation,
        automatedDetection: input.automatedDetection ?? false,
        decidedById: input.decidedById,
        decidedAt: input.decidedAt ?? new Date(),
        itemAt: input.itemAt ?? null,
        complaintId: input.complaintId ?? null,
        ref: input.ref ?? {},
      },
      select: { id: true },
    });
    const mail = await this.outbox.write(tx, {
      userId: input.userId,
      template: input.kind === 'ban' ? 'statement_ban' : 'statement',
      params: { statementId: row.id },
    });
    return { id: row.id, mail };
  }

  /** Hands the statements' mails to the queue, after the decision's commit. */
  dispatch(mails: number[]): Promise<void> {
    return this.outbox.dispatch(mails);
  }
}

export { appealUntil };

/** A statement as its member reads it. */
export function presentStatement(
  row: Statement & { appeal: Appeal | null },
  now = new Date(),
): StatementView {
  const until = appealUntil(row.decidedAt);
  return {
    id: row.id,
    kind: row.kind as DecisionKind,
    item: row.itemType as StatementItem,
    item_id: row.itemId,
    ground: row.ground as DecisionGround,
    section: DECISION_GROUNDS[row.ground as DecisionGround]?.section ?? 8,
    explanation: row.explanation,
    automated_detection: row.automatedDetection,
    decided_at: row.decidedAt.toISOString(),
    reversed_at: row.reversedAt?.toISOString() ?? null,
    appeal_until: row.appeal || until <= now ? null : until.toISOString(),
    appeal: row.appeal
      ? {
          id: row.appeal.id,
          text: row.appeal.text,
          created_at: row.appeal.createdAt.toISOString(),
          due_at: row.appeal.dueAt.toISOString(),
          outcome: row.appeal.outcome as AppealOutcome | null,
          explanation: row.appeal.explanation,
          decided_at: row.appeal.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}
