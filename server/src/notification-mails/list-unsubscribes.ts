import { Injectable } from '@nestjs/common';
import type { MailingList } from '../mail';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The one-click unsubscribe of a mail sent under one switch (the mails that bring members back,
 * campaigns): that switch of the member's preferences goes off (the row made with the defaults
 * when an older account has none), and a campaign's recipient row is marked, once, so the
 * campaign counts it. Other mails the member wants keep coming.
 */
@Injectable()
export class ListUnsubscribes {
  constructor(private readonly prisma: PrismaService) {}

  async unsubscribe(userId: number, list: MailingList, campaignId: number | null): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.notificationPreference.upsert({
        where: { userId },
        create: { userId, [list]: false },
        update: { [list]: false },
      });
      if (campaignId !== null) {
        await tx.campaignRecipient.updateMany({
          where: { campaignId, userId, unsubscribedAt: null },
          data: { unsubscribedAt: new Date() },
        });
      }
    });
  }
}
