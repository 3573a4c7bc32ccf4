import { Injectable, Logger } from '@nestjs/common';
import { CLICK_ID_PARAMS, TRAFFIC_DIMENSIONS } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { ADVISORY_LOCK, lockStatement } from '../prisma/advisory-locks';
import { executeStatement, queryRows } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { addDays, dateOf, daysBetween, localDay } from '../figures';
import { parseSourceField, TrafficBeacons, type SourceKey } from './traffic-beacons.service';
import { finalDaysStatement, sourceDayStatement, type SourceDayRow } from './traffic.sql';

/** How far back the rollup fills days it has never written (the report's default range x 3). */
export const TRAFFIC_BACKFILL_DAYS = 90;
/** Beacons of a day may come in this long after it ended; then its row is final. */
export const TRAFFIC_GRACE_MINUTES = 60;

type Counts = Omit<SourceDayRow, keyof SourceKey>;
interface Row extends SourceKey {
  visits: number;
  bounces: number;
  counts: Counts;
}

const keyOf = (source: SourceKey) => JSON.stringify(TRAFFIC_DIMENSIONS.map((f) => source[f]));

/**
 * Hourly in the worker (the maintenance queue): writes every day of the last
 * TRAFFIC_BACKFILL_DAYS that is not final yet (today, yesterday within its grace, and any day
 * never written) into daily_traffic, per source: the visits and bounces of the beacons (Redis,
 * `traffic:<kind>:<day>`) and the signups, activations, first purchases and revenue of the
 * members from that source (sourceDayStatement: index ranges, never a scan of users). A day is
 * replaced whole in one transaction, so a second run writes the same rows (idempotent). The
 * network's click-id field is left out of the source (one value per click would be one row per
 * member).
 */
@Injectable()
@Maintenance('roll-up-traffic')
export class TrafficRollupTask implements MaintenanceTask {
  private readonly logger = new Logger('Traffic');

  constructor(
    private readonly prisma: PrismaService,
    private readonly beacons: TrafficBeacons,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const today = localDay(now);
    const from = addDays(today, -(TRAFFIC_BACKFILL_DAYS - 1));
    const final = new Set(
      (
        await queryRows<{ day: string }>(
          this.prisma,
          finalDaysStatement(from, today, TRAFFIC_GRACE_MINUTES),
        )
      ).map((row) => row.day),
    );
    const due = daysBetween(from, addDays(today, 1)).filter((day) => !final.has(day));
    const clickFields = await this.clickFields();
    let rows = 0;
    for (const day of due) rows += await this.rollUp(day, now, clickFields);
    if (due.length > 0) this.logger.log(`Rolled up ${due.length} day(s) of traffic, ${rows} rows`);
    return { rolledUp: due.length, rows };
  }

  /** Which field holds each network's click id (blanked in the beacons' sources too). */
  private async clickFields(): Promise<Map<string, string>> {
    const networks = await this.prisma.affiliateNetwork.findMany({
      select: { network: true, clickIdParam: true },
    });
    return new Map(networks.map((n) => [n.network, n.clickIdParam]));
  }

  private async rollUp(day: string, now: Date, clickFields: Map<string, string>): Promise<number> {
    const next = addDays(day, 1);
    const [counted, visits, bounces] = await Promise.all([
      queryRows<SourceDayRow>(this.prisma, sourceDayStatement(day, next)),
      this.beacons.read('visit', day),
      this.beacons.read('bounce', day),
    ]);
    const rows = new Map<string, Row>();
    const of = (source: SourceKey): Row => {
      const key = keyOf(source);
      let row = rows.get(key);
      if (!row) {
        row = {
          ...source,
          visits: 0,
          bounces: 0,
          counts: { signups: 0, activations: 0, first_purchases: 0, revenue: {} },
        };
        rows.set(key, row);
      }
      return row;
    };
    for (const { network, ref, sub1, sub2, sub3, lander, slug, ...counts } of counted) {
      of({ network, ref, sub1, sub2, sub3, lander, slug }).counts = counts;
    }
    const beaconSource = (field: string): SourceKey => {
      const source = parseSourceField(field);
      const click = clickFields.get(source.network);
      if (click && (CLICK_ID_PARAMS as readonly string[]).includes(click)) {
        source[click as (typeof CLICK_ID_PARAMS)[number]] = '';
      }
      return source;
    };
    for (const [field, n] of visits) of(beaconSource(field)).visits += n;
    for (const [field, n] of bounces) of(beaconSource(field)).bounces += n;
    const date = dateOf(day);
    const data: Prisma.DailyTrafficCreateManyInput[] = [...rows.values()].map((row) => ({
      day: date,
      network: row.network,
      ref: row.ref,
      sub1: row.sub1,
      sub2: row.sub2,
      sub3: row.sub3,
      lander: row.lander,
      slug: row.slug,
      visits: row.visits,
      bounces: row.bounces,
      signups: row.counts.signups,
      activations: row.counts.activations,
      firstPurchases: row.counts.first_purchases,
      revenue: Object.fromEntries(
        Object.entries(row.counts.revenue).map(([currency, cents]) => [currency, Number(cents)]),
      ),
    }));
    await this.prisma.$transaction(async (tx) => {
      // two workers rolling the same day up at once: the second waits and then replaces the
      // first's rows (without the lock its insert would collide with them)
      await executeStatement(
        tx,
        lockStatement(ADVISORY_LOCK.TRAFFIC_DAY, Number(day.replaceAll('-', ''))),
      );
      await tx.dailyTraffic.deleteMany({ where: { day: date } });
      if (data.length > 0) await tx.dailyTraffic.createMany({ data });
      await tx.trafficRollupDay.upsert({
        where: { day: date },
        create: { day: date, computedAt: now },
        update: { computedAt: now },
      });
    });
    return data.length;
  }
}
