import { Injectable } from '@nestjs/common';
import {
  AUDIT_PAGE,
  type AuditEntry,
  type AuditQuery,
  type AuditResponse,
  type StaffAction,
} from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { StaffPrincipal } from './staff-sessions.service';

/** What a staff action changed: the row's subject and its state before and after. */
export interface AuditRecord {
  action: StaffAction;
  /** The member the action was about, if any. */
  targetUserId?: number | null;
  subjectType?: string | null;
  subjectId?: string | number | bigint | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

type Db = Prisma.TransactionClient | PrismaService;

const json = (value: unknown) =>
  value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue);

/**
 * The staff audit log (staff_audit_log): one append-only row per staff action, written in the
 * transaction that does the action (pass its client), so an action without its row cannot
 * commit. The database refuses UPDATE, DELETE and TRUNCATE (trigger of the staff migration);
 * admins read it through GET /api/staff/audit.
 */
@Injectable()
export class AuditLog {
  constructor(private readonly prisma: PrismaService) {}

  async record(
    db: Db,
    actor: Pick<StaffPrincipal, 'userId' | 'roles'> | null,
    entry: AuditRecord,
    ip?: string,
  ): Promise<void> {
    await db.staffAuditEntry.create({
      data: {
        actorId: actor?.userId ?? null,
        actorRoles: actor?.roles ?? [],
        action: entry.action,
        targetUserId: entry.targetUserId ?? null,
        subjectType: entry.subjectType ?? null,
        subjectId:
          entry.subjectId === undefined || entry.subjectId === null
            ? null
            : String(entry.subjectId),
        before: json(entry.before),
        after: json(entry.after),
        reason: entry.reason ?? null,
        ip: ip?.slice(0, 45) ?? null,
      },
    });
  }

  /** A page of the log, newest first, with the filters of the console. */
  async page(query: {
    action?: string;
    actor?: number;
    target?: number;
    before?: string;
  }): Promise<AuditResponse> {
    const rows = await this.prisma.staffAuditEntry.findMany({
      where: {
        ...(query.action ? { action: query.action } : {}),
        ...(query.actor ? { actorId: query.actor } : {}),
        ...(query.target ? { targetUserId: query.target } : {}),
        ...(query.before ? { id: { lt: BigInt(query.before) } } : {}),
      },
      orderBy: { id: 'desc' },
      take: AUDIT_PAGE + 1,
    });
    const page = rows.slice(0, AUDIT_PAGE);
    const actorIds = [...new Set(page.map((row) => row.actorId).filter((id) => id !== null))];
    const actors = new Map(
      (
        await this.prisma.user.findMany({
          where: { id: { in: actorIds } },
          select: { id: true, email: true },
        })
      ).map((user) => [user.id, user.email ?? `#${user.id}`]),
    );
    const entries: AuditEntry[] = page.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actor:
        row.actorId === null
          ? null
          : { id: row.actorId, email: actors.get(row.actorId) ?? `#${row.actorId}` },
      actor_roles: row.actorRoles,
      action: row.action,
      target_user_id: row.targetUserId,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      ip: row.ip,
    }));
    return {
      entries,
      next_before: rows.length > AUDIT_PAGE ? page[page.length - 1].id.toString() : null,
    };
  }
}

export type { AuditQuery };
