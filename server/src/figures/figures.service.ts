import { Injectable } from '@nestjs/common';
import {
  FIGURES_TIME_ZONE,
  type FiguresDay,
  type FiguresRange,
  type FiguresResponse,
  type RevenueLine,
} from '@app/contract';
import { ReadPool } from '../prisma/read-pool';
import { addDays, daysBetween, localDay } from './days';
import { emptyDay, FiguresQueries, type CountedDay } from './figures.queries';

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** Revenue lines added up per currency and method. */
function addUp(lines: readonly RevenueLine[]): RevenueLine[] {
  const sums = new Map<string, RevenueLine>();
  for (const line of lines) {
    const key = `${line.currency} ${line.method}`;
    const sum = sums.get(key) ?? { ...line, payments: 0, amount_cents: 0 };
    sum.payments += line.payments;
    sum.amount_cents += line.amount_cents;
    sums.set(key, sum);
  }
  return [...sums.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || b.amount_cents - a.amount_cents,
  );
}

/**
 * The dashboard's figures: the days before today from the rollup (daily_figures, written by
 * FiguresRollupTask in the worker), today (and any past day not rolled up yet) counted live from
 * indexed ranges; the photo queue now.
 */
@Injectable()
export class FiguresService {
  constructor(
    private readonly queries: FiguresQueries,
    private readonly reads: ReadPool,
  ) {}

  async read(range: FiguresRange, now = new Date()): Promise<FiguresResponse> {
    const today = localDay(now);
    const from = addDays(today, -(range - 1));
    const days = daysBetween(from, addDays(today, 1));
    // the dashboard tolerates a little lag: its reads go to the read pool (a replica)
    const storedRows = await this.reads.read(null, (db) => this.queries.stored(from, today, db));
    const stored = new Map(storedRows.map((row) => [row.day, row]));
    // the first day whose counts are not final in the rollup: from there on, counted live
    const firstLive = days.find((day) => day === today || !stored.get(day)?.complete) ?? today;
    const [live, queue] = await Promise.all([
      this.reads.read(null, (db) => this.queries.count(firstLive, addDays(today, 1), db)),
      this.queries.queue(),
    ]);
    const waitNow = queue.oldestSince ? seconds(now.getTime() - queue.oldestSince.getTime()) : null;
    const figures: FiguresDay[] = days.map((day) => {
      const row = stored.get(day);
      const counted: CountedDay =
        day >= firstLive
          ? (live.get(day) ?? emptyDay())
          : {
              signups: row!.signups,
              activations: row!.activations,
              firstPurchases: row!.first_purchases,
              messages: row!.messages,
              revenue: row!.revenue,
            };
      const isToday = day === today;
      return {
        day,
        signups: counted.signups,
        activations: counted.activations,
        first_purchases: counted.firstPurchases,
        revenue: addUp(counted.revenue),
        messages: counted.messages,
        queue_peak: isToday
          ? Math.max(queue.waiting, row?.queue_peak ?? 0)
          : (row?.queue_peak ?? null),
        oldest_wait_peak_seconds: isToday
          ? Math.max(waitNow ?? 0, row?.oldest_wait_peak_seconds ?? 0)
          : (row?.oldest_wait_peak_seconds ?? null),
      };
    });
    const total = (pick: (day: FiguresDay) => number) =>
      figures.reduce((sum, day) => sum + pick(day), 0);
    return {
      range,
      time_zone: FIGURES_TIME_ZONE,
      from,
      to: today,
      days: figures,
      totals: {
        signups: total((day) => day.signups),
        activations: total((day) => day.activations),
        first_purchases: total((day) => day.first_purchases),
        messages: total((day) => day.messages),
        revenue: addUp(figures.flatMap((day) => day.revenue)),
      },
      queue: {
        waiting: queue.waiting,
        oldest_since: queue.oldestSince?.toISOString() ?? null,
        oldest_wait_seconds: waitNow,
      },
      generated_at: now.toISOString(),
    };
  }
}
