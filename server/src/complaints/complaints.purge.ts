import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../member-access';

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
