import { Injectable } from '@nestjs/common';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S } from '@app/contract';
import { MailOutbox, RETENTION_MAILS, type RetentionMail } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { PERIODIC_BATCH, PERIODIC_BATCHES_PER_RUN } from './periodic-mails';
import {
  inactiveDue,
  profileIncompleteDue,
  retentionClaimStatement,
  timeBonusEndingDue,
  type RetentionRule,
} from './retention-mails.sql';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The windows of the mails that bring members back. Each is wider than the hour between runs,
 * so a member is never missed; the record per member and kind keeps them to one mail (the
 * absence mails: one per absence). A window
 * ends at an upper bound, so a member away for years is not mailed when the task first runs.
 */
export function retentionRules(now: Date): RetentionRule[] {
  const ago = (ms: number) => utcTimestamp(new Date(now.getTime() - ms));
  const window = TIME_BONUS_WINDOW_S * 1000;
  return [
    {
      kind: 'timebonus_ending',
      list: RETENTION_MAILS.timebonus_ending,
      // 5 to 75 minutes of the time bonus left
      due: timeBonusEndingDue(
        ago(window - 5 * MINUTE_MS),
        ago(window - 75 * MINUTE_MS),
        TIME_BONUS_CODE,
      ),
    },
    {
      kind: 'profile_incomplete',
      list: RETENTION_MAILS.profile_incomplete,
      due: profileIncompleteDue(ago(7 * DAY_MS), ago(DAY_MS)),
    },
    {
      kind: 'inactive_14',
      list: RETENTION_MAILS.inactive_14,
      perAbsence: true,
      due: inactiveDue(ago(30 * DAY_MS), ago(14 * DAY_MS)),
    },
    {
      kind: 'inactive_30',
      list: RETENTION_MAILS.inactive_30,
      perAbsence: true,
      due: inactiveDue(ago(60 * DAY_MS), ago(30 * DAY_MS)),
    },
  ];
}

/**
 * Hourly: the mails that bring members back (issue 36, point 5), each once per member and kind:
 * the welcome time bonus about to end (promotions), a profile without a photo or text a day
 * after signup (reminders), 14 and 30 days without a visit (reminders). Per batch one
 * transaction claims the members (notification_mails_sent) and writes their mail intents; the
 * mails go in the member's language (MailDelivery), which checks the switch again when sending.
 */
@Injectable()
@Maintenance('retention-mails')
export class RetentionMailsTask implements MaintenanceTask {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const mailed: Record<string, number> = {};
    for (const rule of retentionRules(now)) {
      mailed[rule.kind] = await this.runRule(rule, now);
    }
    return mailed;
  }

  private async runRule(rule: RetentionRule, now: Date): Promise<number> {
    let mailed = 0;
    for (let i = 0; i < PERIODIC_BATCHES_PER_RUN; i++) {
      const ids = await this.prisma.$transaction(async (tx) => {
        const claimed = await queryRows<{ userId: number }>(
          tx,
          retentionClaimStatement(rule, utcTimestamp(now), PERIODIC_BATCH),
        );
        if (claimed.length === 0) return [];
        const template: RetentionMail = rule.kind;
        const rows = await tx.mailIntent.createManyAndReturn({
          data: claimed.map((c) => ({ userId: c.userId, template })),
          select: { id: true },
        });
        return rows.map((r) => r.id);
      });
      await this.outbox.dispatch(ids);
      mailed += ids.length;
      if (ids.length < PERIODIC_BATCH) break;
    }
    return mailed;
  }
}
