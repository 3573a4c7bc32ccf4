import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Which campaign mails an erased member was written to (the campaigns stay: staff work). */
@Injectable()
@Purges()
export class CampaignsPurge implements PurgeStep {
  readonly covers = {
    'campaign_recipients.user_id': 'delete',
    'campaigns.created_by_id': 'keep: staff accounts are not members',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.campaignRecipient.deleteMany({ where: { userId } });
  }
}
