import { Injectable } from '@nestjs/common';
import type { Gender } from '../generated/prisma/client';
import { NotificationReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { Maintenance, type MaintenanceTask } from '../queue';
import { PERIODIC_BATCH, PERIODIC_BATCHES_PER_RUN, PeriodicMails } from './periodic-mails';

const WEEK_MS = 7 * 86_400_000;
/** New members shown in one weekly update. */
export const WEEKLY_NEW_MEMBERS = 4;

/**
 * Hourly: members whose last weekly update (or signup) is a week ago get a few members who
 * joined in that week, of the gender they seek, in their country, with an approved photo and
 * visible to them (NotificationReads); preference weekly_updates, confirmed addresses with
 * notifications not disabled. Per batch of members: one statement for who is due, one per
 * (gender sought, country) for the candidates, one for blocks. Nothing new: no mail, and the
 * member is looked at again next week.
 */
@Injectable()
@Maintenance('weekly-updates')
export class WeeklyUpdateTask implements MaintenanceTask {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: NotificationReads,
    private readonly periodic: PeriodicMails,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const weekAgo = new Date(now.getTime() - WEEK_MS);
    const before = utcTimestamp(weekAgo);
    let mailed = 0;
    for (let i = 0; i < PERIODIC_BATCHES_PER_RUN; i++) {
      const due = await this.prisma.$queryRaw<
        { userId: number; seekingGender: Gender | null; countryCode: string }[]
      >`
        SELECT u.id AS "userId", p.seeking_gender::text AS "seekingGender",
          p.country_code AS "countryCode"
        FROM users u
        JOIN profiles p ON p.user_id = u.id AND NOT p.fictional
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        LEFT JOIN notification_mails_sent s ON s.user_id = u.id AND s.kind = 'weekly_update'
        WHERE u.status = 'confirmed' AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(np.weekly_updates, true)
          AND COALESCE(s.sent_at, u.signup_date) <= ${before}::timestamp
        ORDER BY u.id
        LIMIT ${PERIODIC_BATCH}`;
      if (due.length === 0) break;
      const chosen = await this.reads.newMembers(due, weekAgo, WEEKLY_NEW_MEMBERS, now);
      mailed += await this.periodic.write(
        'weekly_update',
        due.map((d) => d.userId),
        due.flatMap((d) => {
          const members = chosen.get(d.userId) ?? [];
          return members.length
            ? [{ userId: d.userId, params: { count: members.length, members } }]
            : [];
        }),
        now,
      );
      if (due.length < PERIODIC_BATCH) break;
    }
    return { mailed };
  }
}
