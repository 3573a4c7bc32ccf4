import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { unreadReminderStatement, type UnreadReminderRow } from './periodic-mails.sql';
import { PERIODIC_BATCH, PERIODIC_BATCHES_PER_RUN, PeriodicMails } from './periodic-mails';

const DAY_MS = 86_400_000;
/** A message unread this long is worth a reminder. */
export const REMINDER_AFTER_MS = DAY_MS;
/** At most one unread-message reminder per member this often. */
export const REMINDER_EVERY_DAYS = 3;

/**
 * Hourly: members with a message unread for more than a day get one reminder saying how many
 * messages wait (preference unread_message_reminders; at most every REMINDER_EVERY_DAYS days;
 * confirmed addresses with notifications not disabled; chat pals' accounts never). One statement
 * finds a batch of members with their counts.
 */
@Injectable()
@Maintenance('unread-message-reminders')
export class UnreadRemindersTask implements MaintenanceTask {
  constructor(
    private readonly prisma: PrismaService,
    private readonly periodic: PeriodicMails,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const unreadBefore = utcTimestamp(new Date(now.getTime() - REMINDER_AFTER_MS));
    const lastBefore = utcTimestamp(new Date(now.getTime() - REMINDER_EVERY_DAYS * DAY_MS));
    let mailed = 0;
    for (let i = 0; i < PERIODIC_BATCHES_PER_RUN; i++) {
      const rows = await queryRows<UnreadReminderRow>(
        this.prisma,
        unreadReminderStatement(unreadBefore, lastBefore, PERIODIC_BATCH),
      );
      if (rows.length === 0) break;
      mailed += await this.periodic.write(
        'unread_reminder',
        rows.map((r) => r.userId),
        rows.map((r) => ({
          userId: r.userId,
          params: {
            count: r.count,
            ...(r.conversations === 1 ? { conversationId: r.conversationId } : {}),
          },
        })),
        now,
      );
      if (rows.length < PERIODIC_BATCH) break;
    }
    return { mailed };
  }
}
