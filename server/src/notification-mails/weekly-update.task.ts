import { Injectable } from '@nestjs/common';
import { NotificationReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { weeklyDueStatement, type WeeklyDueRow } from './periodic-mails.sql';
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
      const due = await queryRows<WeeklyDueRow>(
        this.prisma,
        weeklyDueStatement(before, PERIODIC_BATCH),
      );
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
