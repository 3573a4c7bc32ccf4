import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * Complaints a member wrote lose what the member wrote and who they were (text, contact, client
 * address); the row stays as the moderation record, with its snapshot of what was reported,
 * which is another member's content. Complaints about the member stay: someone else wrote them.
 */
@Injectable()
@Purges()
export class ComplaintsPurge implements PurgeStep {
  readonly covers = {
    'complaints.reporter_id': 'anonymise',
    'complaints.reported_user_id':
      'keep: a complaint about a member is a moderation record written by someone else',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.complaint.updateMany({
      where: { reporterId: userId },
      data: { name: null, email: null, reporterIp: null, subject: '', message: '' },
    });
  }
}

/**
 * An erased member's moderation record: bans and warnings of them, their messages the scan
 * flagged and their risk score go with the account; what was
 * hidden of them goes (their content). Where they acted as staff (handled a complaint, banned,
 * warned, hid), the row stays without them: the audit log keeps who did it.
 */
@Injectable()
@Purges()
export class ModerationPurge implements PurgeStep {
  readonly covers = {
    'member_bans.user_id': 'delete',
    'member_warnings.user_id': 'delete',
    'hidden_content.user_id': 'delete',
    'complaints.handled_by_id': 'anonymise',
    'member_bans.banned_by_id': 'anonymise',
    'member_bans.lifted_by_id': 'anonymise',
    'member_warnings.warned_by_id': 'anonymise',
    'hidden_content.hidden_by_id': 'anonymise',
    'message_scam_flags.sender_id': 'delete',
    'message_scam_flags.recipient_id':
      "keep: the flag is about the other member's message; the account row stays, erased",
    'message_scam_flags.handled_by_id': 'anonymise',
    'member_risk_scores.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.memberBan.deleteMany({ where: { userId } });
    await tx.memberWarning.deleteMany({ where: { userId } });
    await tx.hiddenContent.deleteMany({ where: { userId } });
    await tx.messageScamFlag.deleteMany({ where: { senderId: userId } });
    await tx.memberRiskScore.deleteMany({ where: { userId } });
    await tx.messageScamFlag.updateMany({
      where: { handledById: userId },
      data: { handledById: null },
    });
    await tx.complaint.updateMany({ where: { handledById: userId }, data: { handledById: null } });
    await tx.memberBan.updateMany({ where: { bannedById: userId }, data: { bannedById: null } });
    await tx.memberBan.updateMany({ where: { liftedById: userId }, data: { liftedById: null } });
    await tx.memberWarning.updateMany({
      where: { warnedById: userId },
      data: { warnedById: null },
    });
    await tx.hiddenContent.updateMany({
      where: { hiddenById: userId },
      data: { hiddenById: null },
    });
  }
}
