import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The campaign mails written to the member, in notification_preferences.json. */
@Injectable()
@Exports()
export class CampaignsExport implements ExportStep {
  readonly covers = {
    'campaign_recipients.user_id': 'file: notification_preferences.json',
    'campaigns.created_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'notification_preferences.json': {
          // the campaign mails written to the member (campaigns feature)
          campaign_mails: await this.prisma.campaignRecipient.findMany({
            where: { userId },
            select: {
              status: true,
              sentAt: true,
              unsubscribedAt: true,
              campaign: { select: { name: true, consent: true } },
            },
          }),
        },
      },
    };
  }
}
