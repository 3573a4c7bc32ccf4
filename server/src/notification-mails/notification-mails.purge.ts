import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** When an erased member was last sent the periodic mails. */
@Injectable()
@Purges()
export class NotificationMailsPurge implements PurgeStep {
  readonly covers = { 'notification_mails_sent.user_id': 'delete' } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.notificationMailSent.deleteMany({ where: { userId } });
  }
}
