import { Injectable, Logger } from '@nestjs/common';
import { FIGURES_RANGES } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { addDays, dateOf, daysBetween, localDay } from './days';
import { emptyDay, FiguresQueries } from './figures.queries';
import { queuePeakStatement } from './figures.sql';

/** The rollup reaches back as far as the longest range of the dashboard. */
const KEEP_DAYS = Math.max(...FIGURES_RANGES);

/**
 * Hourly in the worker (the maintenance queue): rolls up every past day of the longest range
 * whose row is missing or was computed before the day ended (a day's counts are final once it
 * is over), and samples the photo queue into today's row (the largest length and oldest wait
 * seen). Idempotent: a second run finds every past day complete and only samples again.
 */
@Injectable()
@Maintenance('roll-up-daily-figures')
export class FiguresRollupTask implements MaintenanceTask {
  private readonly logger = new Logger('Figures');

  constructor(
    private readonly prisma: PrismaService,
    private readonly queries: FiguresQueries,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const today = localDay(now);
    const from = addDays(today, -(KEEP_DAYS - 1));
    const complete = new Set(
      (await this.queries.stored(from, addDays(today, -1)))
        .filter((row) => row.complete)
        .map((row) => row.day),
    );
    const due = daysBetween(from, today).filter((day) => !complete.has(day));
    if (due.length > 0) {
      const counted = await this.queries.count(due[0], today);
      for (const day of due) {
        const figures = counted.get(day) ?? emptyDay();
        const data = {
          signups: figures.signups,
          activations: figures.activations,
          firstPurchases: figures.firstPurchases,
          messages: figures.messages,
          revenue: figures.revenue,
          computedAt: now,
        };
        await this.prisma.dailyFigures.upsert({
          where: { day: dateOf(day) },
          create: { day: dateOf(day), ...data },
          update: data,
        });
      }
      this.logger.log(`Rolled up ${due.length} day(s) of figures`);
    }
    const queue = await this.queries.queue();
    const wait = queue.oldestSince
      ? Math.max(0, Math.floor((now.getTime() - queue.oldestSince.getTime()) / 1000))
      : 0;
    // the largest seen today: one statement, so two samples at once keep the larger
    await executeStatement(this.prisma, queuePeakStatement(today, queue.waiting, wait));
    return { rolledUp: due.length, waiting: queue.waiting };
  }
}
