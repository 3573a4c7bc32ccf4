import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The complaints the member wrote (complaints.json); those about them are someone else's. */
@Injectable()
@Exports()
export class ComplaintsExport implements ExportStep {
  readonly covers = {
    'complaints.reporter_id': 'file: complaints.json',
    'complaints.reported_user_id':
      'omit: written by someone else, whom it would identify (GDPR art. 15(4))',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      json: {
        'complaints.json': await this.prisma.complaint.findMany({
          where: { reporterId: userId },
          select: {
            id: true,
            about: true,
            reportedUserId: true,
            photoId: true,
            messageId: true,
            name: true,
            email: true,
            reporterIp: true,
            subject: true,
            message: true,
            status: true,
            createdAt: true,
            resolvedAt: true,
          },
        }),
      },
    };
  }
}

/**
 * The member's moderation record (moderation.json): bans and warnings of them, what the send's
 * scan flagged in their messages and their risk score, and what was hidden of them; the staff
 * who acted are left out.
 */
@Injectable()
@Exports()
export class ModerationExport implements ExportStep {
  readonly covers = {
    'member_bans.user_id': 'file: moderation.json',
    'member_warnings.user_id': 'file: moderation.json',
    'hidden_content.user_id': 'file: moderation.json',
    'complaints.handled_by_id': STAFF_WORK,
    'member_bans.banned_by_id': STAFF_WORK,
    'member_bans.lifted_by_id': STAFF_WORK,
    'member_warnings.warned_by_id': STAFF_WORK,
    'hidden_content.hidden_by_id': STAFF_WORK,
    'message_scam_flags.sender_id': 'file: moderation.json',
    'message_scam_flags.recipient_id':
      'omit: flags of messages other members sent; a moderation record about those members',
    'message_scam_flags.handled_by_id': STAFF_WORK,
    'member_risk_scores.user_id': 'file: moderation.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    return {
      sections: {
        'moderation.json': {
          bans: await this.prisma.memberBan.findMany({
            ...byUser,
            select: { id: true, reason: true, createdAt: true, liftedAt: true, liftReason: true },
          }),
          warnings: await this.prisma.memberWarning.findMany({
            ...byUser,
            select: { id: true, reason: true, createdAt: true },
          }),
          // what the send's scan found in the member's messages, and the score it added up to
          flagged_messages: await this.prisma.messageScamFlag.findMany({
            where: { senderId: userId },
            select: {
              messageId: true,
              categories: true,
              score: true,
              createdAt: true,
              resolution: true,
            },
          }),
          risk_score: await this.prisma.memberRiskScore.findUnique({
            where: { userId },
            select: { score: true, hits: true, lastHitAt: true, lastCategories: true },
          }),
          hidden_content: await this.prisma.hiddenContent.findMany({
            ...byUser,
            select: {
              id: true,
              kind: true,
              messageId: true,
              photoId: true,
              text: true,
              createdAt: true,
            },
          }),
        },
      },
    };
  }
}
