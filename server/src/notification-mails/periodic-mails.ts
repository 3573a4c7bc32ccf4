import { Injectable } from '@nestjs/common';
import { MailOutbox, type NotificationMail, type NotificationParams } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { executeStatement } from '../prisma/sql';
import { recordHandledStatement } from './periodic-mails.sql';

/** Members handled per statement by the periodic mails; a run goes on while batches are full. */
export const PERIODIC_BATCH = 500;
/** A run of a periodic task stops after this many batches (the next hour goes on). */
export const PERIODIC_BATCHES_PER_RUN = 20;

export type PeriodicKind = 'unread_reminder' | 'weekly_update';

/**
 * Writes a batch of periodic mails (reminders, weekly updates) and records, for every member
 * looked at, when they were last handled (notification_mails_sent), in one transaction; then
 * hands the mails to the queue. Members with nothing to tell are recorded too, so they are
 * looked at again only after the period.
 */
@Injectable()
export class PeriodicMails {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
  ) {}

  async write(
    kind: PeriodicKind,
    handled: number[],
    mails: { userId: number; params: NotificationParams }[],
    now: Date,
  ): Promise<number> {
    const template: NotificationMail = kind;
    const ids = await this.prisma.$transaction(async (tx) => {
      await executeStatement(tx, recordHandledStatement(kind, handled, utcTimestamp(now)));
      const rows = await tx.mailIntent.createManyAndReturn({
        data: mails.map((m) => ({ userId: m.userId, template, params: { ...m.params } })),
        select: { id: true },
      });
      return rows.map((r) => r.id);
    });
    await this.outbox.dispatch(ids);
    return ids.length;
  }
}
