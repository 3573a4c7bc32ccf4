import { Injectable } from '@nestjs/common';
import {
  SCAM_CATEGORIES,
  SCAM_CONTEXT_MESSAGES,
  SCAM_FLAG_RESOLUTIONS,
  SCAM_QUEUE_PAGE,
  type ModerationMemberRef,
  type ScamCategory,
  type ScamFlag,
  type ScamFlagAction,
  type ScamQueueQuery,
  type ScamQueueResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { MessageScamFlag, UserStatus } from '../generated/prisma/client';
import { MailOutbox } from '../mail';
import { staffViewerOf } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements } from '../statement-writer';
import { BansService } from './bans.service';
import { ModerationMembers } from './moderation-members';
import { scamContextStatement, type ScamContextRow } from './scam-flags.sql';

const RESOLUTION = { dismiss: 'dismissed', warn: 'warned', ban: 'banned' } as const;

type Resolution = (typeof SCAM_FLAG_RESOLUTIONS)[number];

/**
 * The moderators' queue of messages the send's scan flagged (chats' SendsService, contract
 * message-scan.ts): each with the conversation around it and its sender's risk score, handled
 * once by dismiss, warn (a warning and its mail, as a complaint's) or ban (BansService). Each
 * action runs in one transaction with its audit row and moves the flag by a conditional update
 * (`resolution IS NULL`): of two moderators acting at once one wins, the other gets 409
 * complaint_handled.
 */
@Injectable()
export class ScamFlagsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly members: ModerationMembers,
    private readonly bans: BansService,
    private readonly audit: AuditLog,
    private readonly outbox: MailOutbox,
    private readonly realtime: Realtime,
    private readonly statements: Statements,
  ) {}

  async queue(staff: StaffPrincipal, query: ScamQueueQuery): Promise<ScamQueueResponse> {
    const handled = query.handled === '1';
    const before = query.before;
    const [rows, waiting] = await Promise.all([
      this.prisma.messageScamFlag.findMany({
        where: {
          resolution: handled ? { not: null } : null,
          ...(before ? { messageId: { lt: before } } : {}),
        },
        orderBy: { messageId: 'desc' },
        take: SCAM_QUEUE_PAGE + 1,
      }),
      this.prisma.messageScamFlag.count({ where: { resolution: null } }),
    ]);
    const page = rows.slice(0, SCAM_QUEUE_PAGE);
    return {
      flags: await this.present(staff, page),
      waiting,
      next_before: rows.length > SCAM_QUEUE_PAGE ? page[page.length - 1].messageId : null,
    };
  }

  async act(
    staff: StaffPrincipal,
    messageId: number,
    action: ScamFlagAction,
    reason: string,
    ip?: string,
  ): Promise<ScamFlag> {
    const mails: number[] = [];
    await this.prisma.$transaction(async (tx) => {
      const flag = await tx.messageScamFlag.findUnique({ where: { messageId } });
      if (!flag) throw new AppError('not_found');
      const resolution = RESOLUTION[action];
      const moved = await tx.messageScamFlag.updateMany({
        where: { messageId, resolution: null },
        data: { resolution, handledById: staff.userId, handledAt: new Date() },
      });
      if (moved.count === 0) throw new AppError('complaint_handled');
      const entry = {
        targetUserId: flag.senderId,
        subjectType: 'scam_flag',
        subjectId: messageId,
        before: { resolution: null },
        after: { resolution },
        reason,
      };
      if (action === 'warn') {
        const member = await tx.user.findUnique({
          where: { id: flag.senderId },
          select: { email: true, status: true },
        });
        if (!member?.email || member.status === 'purged') {
          throw new AppError('complaint_action_unavailable');
        }
        const warning = await tx.memberWarning.create({
          data: { userId: flag.senderId, warnedById: staff.userId, reason },
          select: { id: true },
        });
        // the statement of reasons (DSA art. 17) and its mail: the message scan flagged it
        const written = await this.statements.write(tx, {
          userId: flag.senderId,
          kind: 'warning',
          item: 'message',
          itemId: messageId,
          ground: 'scam',
          explanation: reason,
          automatedDetection: true,
          decidedById: staff.userId,
          itemAt: flag.createdAt,
          ref: { warningId: warning.id },
        });
        mails.push(written.mail);
      }
      if (action === 'ban') {
        const ban = await this.bans.banIn(tx, staff, {
          userId: flag.senderId,
          reason,
          ground: 'scam',
          automatedDetection: true,
          reportedAt: flag.createdAt,
          ip,
        });
        mails.push(ban.mail);
      }
      await this.audit.record(tx, staff, { ...entry, action: `scam_flag.${action}` }, ip);
    });
    if (mails.length > 0) await this.outbox.dispatch(mails);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'scams' });
    const flag = await this.prisma.messageScamFlag.findUniqueOrThrow({ where: { messageId } });
    const [presented] = await this.present(staff, [flag]);
    return presented;
  }

  /** Flags as the console shows them: both members, the sender's score, the context. */
  private async present(staff: StaffPrincipal, flags: MessageScamFlag[]): Promise<ScamFlag[]> {
    if (flags.length === 0) return [];
    const userIds = [...new Set(flags.flatMap((f) => [f.senderId, f.recipientId]))];
    const [refs, scores, contexts] = await Promise.all([
      this.members.refs(staffViewerOf(staff), userIds),
      this.prisma.memberRiskScore.findMany({ where: { userId: { in: userIds } } }),
      this.contexts(flags),
    ]);
    const scoreOf = new Map(scores.map((s) => [s.userId, s]));
    return flags.map((flag, i) => {
      const sender = refs.get(flag.senderId) ?? gone(flag.senderId);
      const risk = scoreOf.get(flag.senderId);
      return {
        message_id: flag.messageId,
        conversation_id: flag.conversationId,
        categories: flag.categories.filter((c): c is ScamCategory =>
          (SCAM_CATEGORIES as readonly string[]).includes(c),
        ),
        score: flag.score,
        created_at: flag.createdAt.toISOString(),
        resolution: flag.resolution as Resolution | null,
        sender,
        recipient: refs.get(flag.recipientId) ?? gone(flag.recipientId),
        sender_risk: { score: risk?.score ?? 0, hits: risk?.hits ?? 0 },
        context: contexts[i],
        actions: possibleScamActions(flag.resolution, sender.status),
      };
    });
  }

  /**
   * Each flagged message with a few of its conversation's messages before and after it (one
   * statement for the page).
   */
  private async contexts(flags: MessageScamFlag[]): Promise<ScamFlag['context'][]> {
    const rows = await queryRows<ScamContextRow>(
      this.prisma,
      scamContextStatement(flags, SCAM_CONTEXT_MESSAGES),
    );
    const byFlag = new Map<number, ScamFlag['context']>();
    for (const m of rows) {
      const context = byFlag.get(m.flag) ?? [];
      context.push({
        id: m.id,
        sender_id: m.sender_id,
        type: m.type as ScamFlag['context'][number]['type'],
        text: m.body,
        created_at: m.created_at.toISOString(),
        flagged: m.id === m.flag,
      });
      byFlag.set(m.flag, context);
    }
    return flags.map((flag) => byFlag.get(flag.messageId) ?? []);
  }
}

/** An account the refs no longer find (erased): named by its id only. */
function gone(userId: number): ModerationMemberRef {
  return { user_id: userId, profile_id: null, name: null, status: 'purged' };
}

/** The actions possible on a flag now: none once handled; warn and ban while the member can be. */
export function possibleScamActions(
  resolution: string | null,
  senderStatus: UserStatus,
): ScamFlagAction[] {
  if (resolution !== null) return [];
  const actions: ScamFlagAction[] = ['dismiss'];
  if (senderStatus !== 'purged') actions.push('warn');
  if (senderStatus !== 'banned' && senderStatus !== 'purged') actions.push('ban');
  return actions;
}
