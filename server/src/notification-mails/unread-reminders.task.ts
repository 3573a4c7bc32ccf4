import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { Maintenance, type MaintenanceTask } from '../queue';
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
      const rows = await this.prisma.$queryRaw<
        { userId: number; count: number; conversations: number; conversationId: number }[]
      >`
        SELECT p.user_id AS "userId", count(*)::int AS count,
          count(DISTINCT p.conversation_id)::int AS conversations,
          min(p.conversation_id) AS "conversationId"
        FROM conversation_participants p
        JOIN users u ON u.id = p.user_id
        JOIN profiles pr ON pr.user_id = u.id AND NOT pr.fictional
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        LEFT JOIN notification_mails_sent s ON s.user_id = u.id AND s.kind = 'unread_reminder'
        JOIN messages m ON m.conversation_id = p.conversation_id
        WHERE p.unread_count > 0
          AND u.status = 'confirmed' AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(np.unread_message_reminders, true)
          AND (s.sent_at IS NULL OR s.sent_at <= ${lastBefore}::timestamp)
          AND m.sender_id <> p.user_id AND NOT m.held AND m.hidden_at IS NULL
          AND m.seq > p.last_read_seq AND m.seq > p.cleared_seq
        GROUP BY p.user_id
        HAVING min(m.created_at) <= ${unreadBefore}::timestamp
        ORDER BY p.user_id
        LIMIT ${PERIODIC_BATCH}`;
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
