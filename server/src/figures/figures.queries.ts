import { Injectable } from '@nestjs/common';
import type { RevenueLine } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows, type SqlRunner } from '../prisma/sql';
import { InspectionReads } from '../member-access';
import {
  figuresStatements,
  storedDaysStatement,
  type DayCountRow,
  type DayRevenueRow,
  type StoredDayRow,
} from './figures.sql';

/** The figures of one day that can be counted afterwards (the photo queue cannot). */
export interface CountedDay {
  signups: number;
  activations: number;
  firstPurchases: number;
  messages: number;
  revenue: RevenueLine[];
}

export const emptyDay = (): CountedDay => ({
  signups: 0,
  activations: 0,
  firstPurchases: 0,
  messages: 0,
  revenue: [],
});

/**
 * The figures counted per day (Europe/Amsterdam) over [from, to), each one grouped query over an
 * index range (users.signup_date, users.confirmed_at, payments.paid_at with
 * payments(user_id, paid_at) for "first", messages.created_at): never a whole table. The plans
 * are in docs/performance.md and checked by figures.e2e-spec.ts.
 */
@Injectable()
export class FiguresQueries {
  constructor(
    private readonly prisma: PrismaService,
    private readonly inspection: InspectionReads,
  ) {}

  /**
   * The counted figures of every day in [from, to) that has any (a missing day had none), on
   * the primary or where `db` says (the dashboard: the read pool).
   */
  async count(
    from: string,
    to: string,
    db: SqlRunner = this.prisma,
  ): Promise<Map<string, CountedDay>> {
    const sql = figuresStatements(from, to);
    const [signups, activations, firstPurchases, messages, revenue] = await Promise.all([
      queryRows<DayCountRow>(db, sql.signups),
      queryRows<DayCountRow>(db, sql.activations),
      queryRows<DayCountRow>(db, sql.firstPurchases),
      queryRows<DayCountRow>(db, sql.messages),
      queryRows<DayRevenueRow>(db, sql.revenue),
    ]);
    const days = new Map<string, CountedDay>();
    const of = (day: string) => {
      let found = days.get(day);
      if (!found) days.set(day, (found = emptyDay()));
      return found;
    };
    for (const row of signups) of(row.day).signups = row.n;
    for (const row of activations) of(row.day).activations = row.n;
    for (const row of firstPurchases) of(row.day).firstPurchases = row.n;
    for (const row of messages) of(row.day).messages = row.n;
    for (const row of revenue) {
      of(row.day).revenue.push({
        currency: row.currency,
        method: row.method,
        payments: row.payments,
        amount_cents: Number(row.amount_cents),
      });
    }
    return days;
  }

  /** The photo inspection queue now: its length and its oldest photo (member-access reads it). */
  queue(): Promise<{ waiting: number; oldestSince: Date | null }> {
    return this.inspection.photoQueueLength();
  }

  /**
   * The stored rollup rows of [from, to]: `complete` when computed after the day ended (its
   * counts are final), otherwise only its queue samples count.
   */
  stored(from: string, to: string, db: SqlRunner = this.prisma) {
    return queryRows<StoredDayRow>(db, storedDaysStatement(from, to));
  }
}
