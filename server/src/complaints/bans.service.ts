import { Injectable } from '@nestjs/common';
import type { DecisionGround } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma, UserStatus } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements } from '../statement-writer';
import { lockAccountStatement, type LockedAccountRow } from './complaints.sql';

/** Accounts that can be banned: members (never staff accounts), not erased. */
const BANNABLE: UserStatus[] = ['not_confirmed', 'confirmed', 'deleted'];

interface BanInput {
  userId: number;
  reason: string;
  complaintId?: number | null;
  /** The terms' ground told in the statement of reasons (house_rules when not given). */
  ground?: DecisionGround;
  /** When the reported behaviour was reported (the complaint): the handling time's start. */
  reportedAt?: Date;
  /** Automated means flagged what the ban is for (the message scan): told in the statement. */
  automatedDetection?: boolean;
  ip?: string;
}

/**
 * Bans and unbans (moderators, admins), with or without a complaint. A ban, in one transaction
 * with its audit row: the account becomes `banned` (the visibility rule hides it everywhere; the
 * login answers 403 account_banned), its member sessions are deleted, and the database tells
 * every app process at commit (`b:<user>` on session_ended, migration moderation) to send its
 * open tabs `account:banned` and disconnect them. An unban restores the status it had.
 */
@Injectable()
export class BansService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
    private readonly statements: Statements,
  ) {}

  async ban(staff: StaffPrincipal, input: BanInput): Promise<void> {
    const ban = await this.prisma.$transaction((tx) => this.banIn(tx, staff, input));
    await this.statements.dispatch([ban.mail]);
  }

  async unban(staff: StaffPrincipal, input: BanInput): Promise<void> {
    await this.prisma.$transaction((tx) => this.unbanIn(tx, staff, input));
  }

  /** The ban inside the caller's transaction (a complaint's action). */
  async banIn(tx: Prisma.TransactionClient, staff: StaffPrincipal, input: BanInput) {
    const user = await this.lockMember(tx, input.userId);
    if (user.status === 'banned') throw new AppError('member_already_banned');
    if (!BANNABLE.includes(user.status)) throw new AppError('not_found');
    const ban = await tx.memberBan.create({
      data: {
        userId: user.id,
        complaintId: input.complaintId ?? null,
        bannedById: staff.userId,
        reason: input.reason,
        previousStatus: user.status,
      },
      select: { id: true },
    });
    // the status first: its notification (the tabs' `account:banned`) precedes the sessions'
    await tx.user.update({ where: { id: user.id }, data: { status: 'banned' } });
    const sessions = await tx.session.deleteMany({ where: { userId: user.id } });
    await this.audit.record(
      tx,
      staff,
      {
        action: 'member.ban',
        targetUserId: user.id,
        subjectType: input.complaintId ? 'complaint' : 'member',
        subjectId: input.complaintId ?? user.id,
        before: { status: user.status },
        after: { status: 'banned', ban_id: ban.id, sessions_ended: sessions.count },
        reason: input.reason,
      },
      input.ip,
    );
    // the statement of reasons; its mail carries the link a banned member reads it by
    const statement = await this.statements.write(tx, {
      userId: user.id,
      kind: 'ban',
      item: 'account',
      itemId: user.id,
      ground: input.ground ?? 'house_rules',
      explanation: input.reason,
      automatedDetection: input.automatedDetection ?? false,
      decidedById: staff.userId,
      itemAt: input.reportedAt ?? null,
      complaintId: input.complaintId ?? null,
      ref: { banId: ban.id },
    });
    return { id: ban.id, mail: statement.mail };
  }

  async unbanIn(tx: Prisma.TransactionClient, staff: StaffPrincipal, input: BanInput) {
    const user = await this.lockMember(tx, input.userId);
    const ban = await tx.memberBan.findFirst({
      where: { userId: user.id, liftedAt: null },
      select: { id: true, previousStatus: true },
    });
    if (user.status !== 'banned' || !ban) throw new AppError('member_not_banned');
    await tx.memberBan.update({
      where: { id: ban.id },
      data: { liftedAt: new Date(), liftedById: staff.userId, liftReason: input.reason },
    });
    await tx.user.update({ where: { id: user.id }, data: { status: ban.previousStatus } });
    await this.audit.record(
      tx,
      staff,
      {
        action: 'member.unban',
        targetUserId: user.id,
        subjectType: input.complaintId ? 'complaint' : 'member',
        subjectId: input.complaintId ?? user.id,
        before: { status: 'banned', ban_id: ban.id },
        after: { status: ban.previousStatus },
        reason: input.reason,
      },
      input.ip,
    );
  }

  /** The member's account, locked for the change; 404 for staff accounts and unknown ids. */
  private async lockMember(tx: Prisma.TransactionClient, userId: number) {
    const rows = await queryRows<LockedAccountRow>(tx, lockAccountStatement(userId));
    const user = rows[0];
    if (!user || user.staff || user.status === 'purged') throw new AppError('not_found');
    return user;
  }
}
