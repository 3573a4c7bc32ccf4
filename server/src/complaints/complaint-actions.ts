import { Injectable } from '@nestjs/common';
import type { ComplaintAction, DecisionGround, LiveContent } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Complaint, Prisma, UserStatus } from '../generated/prisma/client';
import { MailOutbox } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements } from '../statement-writer';
import { BansService } from './bans.service';
import { ReportedItems } from './reported-items';

/** A complaint that is still to be handled (the condition of every action's update). */
const UNHANDLED = { resolution: null } satisfies Prisma.ComplaintWhereInput;

const RESOLUTION = {
  dismiss: 'dismissed',
  warn: 'warned',
  hide: 'hidden',
  ban: 'banned',
  unban: 'unbanned',
} as const satisfies Record<ComplaintAction, string>;

/**
 * The actions on a complaint (dismiss, warn, hide, ban, unban). Each runs in one transaction
 * with its audit row and moves the complaint by a conditional update (`resolution IS NULL`, or
 * `banned` for an unban): of two staff acting at once exactly one wins, the other gets 409
 * complaint_handled and nothing of theirs stays.
 */
@Injectable()
export class ComplaintActions {
  constructor(
    private readonly prisma: PrismaService,
    private readonly items: ReportedItems,
    private readonly bans: BansService,
    private readonly audit: AuditLog,
    private readonly outbox: MailOutbox,
    private readonly realtime: Realtime,
    private readonly statements: Statements,
  ) {}

  /** Does one action on a complaint (see the class), then tells the moderators' queues. */
  async apply(
    staff: StaffPrincipal,
    id: number,
    action: ComplaintAction,
    reason: string,
    ip?: string,
    ground: DecisionGround = 'house_rules',
  ): Promise<void> {
    const mails: number[] = [];
    const statement = (complaint: Complaint) => ({
      userId: complaint.reportedUserId!,
      ground,
      explanation: reason,
      decidedById: staff.userId,
      itemAt: complaint.createdAt,
      complaintId: complaint.id,
    });
    await this.prisma.$transaction(async (tx) => {
      const complaint = await tx.complaint.findUnique({ where: { id } });
      if (!complaint) throw new AppError('not_found');
      const resolution = RESOLUTION[action];
      // the conditional update first: a second staff member's transaction waits on the row's
      // lock, then finds it handled and changes nothing
      const moved = await tx.complaint.updateMany({
        where: { id, ...(action === 'unban' ? { resolution: 'banned' } : UNHANDLED) },
        data: {
          status: 'resolved',
          resolution,
          handledById: staff.userId,
          handledAt: new Date(),
          resolvedAt: new Date(),
        },
      });
      if (moved.count === 0) {
        // handled meanwhile by someone else, or (an unban) never banned from here
        const now = await tx.complaint.findUnique({ where: { id }, select: { resolution: true } });
        const unavailable = action === 'unban' && now?.resolution !== 'unbanned';
        throw new AppError(unavailable ? 'complaint_action_unavailable' : 'complaint_handled');
      }
      const before = { status: complaint.status, resolution: complaint.resolution };
      const after = { status: 'resolved', resolution };
      const target = complaint.reportedUserId;
      const needsMember = action !== 'dismiss';
      if (needsMember && target === null) throw new AppError('complaint_action_unavailable');
      switch (action) {
        case 'dismiss':
          await this.record(tx, staff, 'complaint.dismiss', complaint, before, after, reason, ip);
          break;
        case 'warn': {
          const member = await tx.user.findUnique({
            where: { id: target! },
            select: { email: true, status: true },
          });
          if (!member?.email || member.status === 'purged') {
            throw new AppError('complaint_action_unavailable');
          }
          const warning = await tx.memberWarning.create({
            data: { userId: target!, complaintId: id, warnedById: staff.userId, reason },
            select: { id: true },
          });
          // the warning's one mail: its statement of reasons (what, why, how to appeal)
          const written = await this.statements.write(tx, {
            ...statement(complaint),
            kind: 'warning',
            item: 'account',
            itemId: target,
            ref: { warningId: warning.id },
          });
          mails.push(written.mail);
          await this.record(tx, staff, 'complaint.warn', complaint, before, after, reason, ip);
          break;
        }
        case 'hide': {
          const hidden = await this.items.hide(tx, staff, complaint);
          const written = await this.statements.write(tx, {
            ...statement(complaint),
            kind: 'content_hidden',
            item:
              complaint.about === 'message'
                ? 'message'
                : complaint.about === 'photo'
                  ? 'photo'
                  : 'profile_about',
            itemId:
              complaint.about === 'message'
                ? complaint.messageId
                : complaint.about === 'photo'
                  ? complaint.photoId
                  : null,
            ref: { hiddenId: hidden },
          });
          mails.push(written.mail);
          await this.record(
            tx,
            staff,
            'complaint.hide',
            complaint,
            { ...before, content: 'visible' },
            { ...after, content: 'hidden', hidden_id: hidden },
            reason,
            ip,
          );
          break;
        }
        case 'ban': {
          const ban = await this.bans.banIn(tx, staff, {
            userId: target!,
            reason,
            complaintId: id,
            ground,
            reportedAt: complaint.createdAt,
            ip,
          });
          mails.push(ban.mail);
          break;
        }
        case 'unban':
          await this.bans.unbanIn(tx, staff, { userId: target!, reason, complaintId: id, ip });
          break;
        default: {
          const never: never = action;
          throw new Error(`unknown action ${String(never)}`);
        }
      }
    });
    if (mails.length > 0) await this.outbox.dispatch(mails);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
  }

  private record(
    tx: Prisma.TransactionClient,
    staff: StaffPrincipal,
    action: 'complaint.dismiss' | 'complaint.warn' | 'complaint.hide',
    complaint: Complaint,
    before: unknown,
    after: unknown,
    reason: string,
    ip?: string,
  ) {
    return this.audit.record(
      tx,
      staff,
      {
        action,
        targetUserId: complaint.reportedUserId,
        subjectType: 'complaint',
        subjectId: complaint.id,
        before,
        after,
        reason,
      },
      ip,
    );
  }
}

/** The actions that can be taken now (the web shows their buttons). */
export function possibleActions(
  row: Pick<Complaint, 'resolution' | 'reportedUserId'>,
  live: LiveContent | null,
  reportedStatus: UserStatus | undefined,
): ComplaintAction[] {
  if (row.resolution === 'banned') return reportedStatus === 'banned' ? ['unban'] : [];
  if (row.resolution !== null) return [];
  const actions: ComplaintAction[] = ['dismiss'];
  if (row.reportedUserId === null || reportedStatus === undefined) return actions;
  if (reportedStatus !== 'purged') actions.push('warn');
  if (live?.state === 'present' && (live.kind !== 'member' || live.text)) actions.push('hide');
  if (reportedStatus !== 'banned' && reportedStatus !== 'purged') actions.push('ban');
  return actions;
}
