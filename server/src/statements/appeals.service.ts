import { Injectable } from '@nestjs/common';
import {
  APPEAL_DECISION_DAYS,
  type AppealDecisionRequest,
  type AppealOutcome,
  type StaffAppeal,
  type StatementView,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { hashToken } from '../common/tokens';
import type { Appeal, Prisma, Statement } from '../generated/prisma/client';
import { MailOutbox } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Reversals } from './reversals';
import { appealUntil, presentStatement } from '../statement-writer';

const DAY_MS = 86_400_000;

const STAFF_SELECT = {
  statement: {
    include: {
      user: { select: { id: true, profile: { select: { name: true } } } },
      decidedBy: { select: { staffName: true } },
    },
  },
  decidedBy: { select: { staffName: true } },
} satisfies Prisma.AppealInclude;
type StaffRow = Prisma.AppealGetPayload<{ include: typeof STAFF_SELECT }>;

/**
 * A member's statements and their appeals (DSA art. 20). The member appeals once per statement
 * while the window is open; staff who did not make the decision answer (403
 * appeal_same_moderator for the one who did) with `upheld` or `reversed`, explained; a reversal
 * undoes the decision (Reversals). Both the appeal's decision and its mail commit together.
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
    private readonly reversals: Reversals,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
  ) {}

  async list(userId: number): Promise<StatementView[]> {
    const rows = await this.prisma.statement.findMany({
      where: { userId },
      include: { appeal: true },
      orderBy: { id: 'desc' },
    });
    return rows.map((row) => presentStatement(row));
  }

  /** The member of a ban mail's link (404 statement_link_invalid when unknown or expired). */
  async memberOfLink(token: string, now = new Date()): Promise<number> {
    const row = await this.prisma.emailToken.findFirst({
      where: { tokenHash: hashToken(token), type: 'statement_access', expiresAt: { gt: now } },
      select: { userId: true },
    });
    if (!row) throw new AppError('statement_link_invalid');
    return row.userId;
  }

  async appeal(
    userId: number,
    statementId: number,
    text: string,
    now = new Date(),
  ): Promise<StatementView> {
    const statement = await this.prisma.$transaction(async (tx) => {
      const row = await tx.statement.findFirst({
        where: { id: statementId, userId },
        include: { appeal: true },
      });
      if (!row) throw new AppError('not_found');
      if (row.appeal) throw new AppError('appeal_exists');
      if (appealUntil(row.decidedAt) <= now) throw new AppError('appeal_window_closed');
      const appeal = await tx.appeal.create({
        data: {
          statementId: row.id,
          userId,
          text,
          createdAt: now,
          dueAt: new Date(now.getTime() + APPEAL_DECISION_DAYS * DAY_MS),
        },
      });
      return { ...row, appeal };
    });
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
    return presentStatement(statement, now);
  }

  /** Open appeals first, the nearest deadline first; decided ones after, newest first. */
  async queue(staff: StaffPrincipal, open?: boolean): Promise<StaffAppeal[]> {
    const rows = await this.prisma.appeal.findMany({
      where: open === undefined ? {} : open ? { outcome: null } : { outcome: { not: null } },
      include: STAFF_SELECT,
      orderBy: [{ decidedAt: { sort: 'desc', nulls: 'first' } }, { dueAt: 'asc' }],
      take: 200,
    });
    return rows.map((row) => presentForStaff(row, staff));
  }

  async decide(
    staff: StaffPrincipal,
    id: number,
    input: AppealDecisionRequest,
    ip?: string,
    now = new Date(),
  ): Promise<StaffAppeal> {
    let mail = 0;
    await this.prisma.$transaction(async (tx) => {
      // the row lock: of two staff deciding at once the second finds it decided
      const [locked] = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM appeals WHERE id = ${id} FOR UPDATE`;
      if (!locked) throw new AppError('not_found');
      const appeal = await tx.appeal.findUniqueOrThrow({
        where: { id },
        include: { statement: true },
      });
      if (appeal.outcome !== null) throw new AppError('appeal_decided');
      if (appeal.statement.decidedById === staff.userId) {
        throw new AppError('appeal_same_moderator');
      }
      const undone =
        input.outcome === 'reversed'
          ? await this.reversals.reverse(tx, staff, appeal.statement, input.explanation, ip)
          : {};
      await tx.appeal.update({
        where: { id },
        data: {
          outcome: input.outcome,
          explanation: input.explanation,
          decidedById: staff.userId,
          decidedAt: now,
        },
      });
      if (input.outcome === 'reversed') {
        await tx.statement.update({
          where: { id: appeal.statementId },
          data: { reversedAt: now },
        });
      }
      mail = await this.outbox.write(tx, {
        userId: appeal.userId,
        template: 'appeal_decided',
        params: { statementId: appeal.statementId },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: 'appeal.decide',
          targetUserId: appeal.userId,
          subjectType: 'appeal',
          subjectId: id,
          before: { outcome: null, statement: appeal.statementId, kind: appeal.statement.kind },
          after: { outcome: input.outcome, ...undone },
          reason: input.explanation,
        },
        ip,
      );
    });
    await this.outbox.dispatch([mail]);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
    const row = await this.prisma.appeal.findUniqueOrThrow({
      where: { id },
      include: STAFF_SELECT,
    });
    return presentForStaff(row, staff);
  }
}

function presentForStaff(row: StaffRow, staff: StaffPrincipal): StaffAppeal {
  const { statement } = row;
  const view = presentStatement({ ...(statement as Statement), appeal: row as Appeal });
  const { appeal: _appeal, appeal_until: _until, ...rest } = view;
  return {
    id: row.id,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    outcome: row.outcome as AppealOutcome | null,
    explanation: row.explanation,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy?.staffName ?? null,
    member: { user_id: statement.userId, name: statement.user.profile?.name ?? null },
    statement: {
      ...rest,
      decided_by: statement.decidedBy?.staffName ?? null,
      decided_by_id: statement.decidedById,
    },
    decidable: row.outcome === null && statement.decidedById !== staff.userId,
  };
}
