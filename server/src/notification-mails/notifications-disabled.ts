import { Injectable } from '@nestjs/common';
import type { NotificationDisabledReason } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { disableNotificationsStatement } from './notification-mails.sql';

/**
 * Adds a reason to a member's notifications_disabled (bounce, fbl, listunsubscribe): from then
 * on no notification mail is queued or sent to them (MailChannel, MailDelivery) until the
 * member turns e-mail notifications back on. Adding a reason twice changes nothing.
 */
@Injectable()
export class NotificationsDisabled {
  constructor(private readonly prisma: PrismaService) {}

  /** True when the reason was added now (false: already there, or no such member). */
  async add(userId: number, reason: NotificationDisabledReason): Promise<boolean> {
    const count = await executeStatement(
      this.prisma,
      disableNotificationsStatement(userId, reason),
    );
    return count > 0;
  }
}
