import { Injectable } from '@nestjs/common';
import { FIGURES_TIME_ZONE, type RevenueLine } from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { InspectionReads } from '../member-access';

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

const ZONE = Prisma.raw(`'${FIGURES_TIME_ZONE}'`);

/** The instant a day (YYYY-MM-DD, Europe/Amsterdam) begins, as the UTC of our timestamp columns. */
const startOf = (day: string) =>
  Prisma.sql`((${day}::date)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'`;

/** The local day of a timestamp column (stored as UTC), as YYYY-MM-DD. */
const dayOf = (column: string) =>
  Prisma.sql`to_char(((${Prisma.raw(column)} AT TIME ZONE 'UTC') AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD')`;

interface DayCount {
  day: string;
  n: number;
}

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

  /** The SQL of each query, for EXPLAIN (tests and docs/performance.md). */
  statements(from: string, to: string): Record<string, Prisma.Sql> {
    const start = startOf(from);
    const end = startOf(to);
    return {
      signups: Prisma.sql`
        SELECT ${dayOf('"signup_date"')} AS day, count(*)::int AS n FROM "users"
        WHERE "signup_date" >= ${start} AND "signup_date" < ${end}
          AND coalesce(cardinality("roles"), 0) = 0 AND "staff_disabled_at" IS NULL
        GROUP BY 1`,
      activations: Prisma.sql`
        SELECT ${dayOf('"confirmed_at"')} AS day, count(*)::int AS n FROM "users"
        WHERE "confirmed_at" >= ${start} AND "confirmed_at" < ${end}
          AND coalesce(cardinality("roles"), 0) = 0 AND "staff_disabled_at" IS NULL
        GROUP BY 1`,
      firstPurchases: Prisma.sql`
        SELECT ${dayOf('p."paid_at"')} AS day, count(*)::int AS n FROM "payments" p
        WHERE p."paid_at" >= ${start} AND p."paid_at" < ${end}
          AND NOT EXISTS (
            SELECT 1 FROM "payments" q
            WHERE q."user_id" = p."user_id" AND q."paid_at" IS NOT NULL
              AND (q."paid_at" < p."paid_at" OR (q."paid_at" = p."paid_at" AND q."id" < p."id")))
        GROUP BY 1`,
      revenue: Prisma.sql`
        SELECT ${dayOf('"paid_at"')} AS day, "currency"::text AS currency, "method"::text AS method,
               count(*)::int AS payments, sum("amount_cents")::bigint AS amount_cents
        FROM "payments"
        WHERE "paid_at" >= ${start} AND "paid_at" < ${end}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      messages: Prisma.sql`
        SELECT ${dayOf('"created_at"')} AS day, count(*)::int AS n FROM "messages"
        WHERE "created_at" >= ${start} AND "created_at" < ${end}
        GROUP BY 1`,
    };
  }

  /** The counted figures of every day in [from, to) that has any (a missing day had none). */
  async count(from: string, to: string): Promise<Map<string, CountedDay>> {
    const sql = this.statements(from, to);
    const [signups, activations, firstPurchases, messages, revenue] = await Promise.all([
      this.prisma.$queryRaw<DayCount[]>(sql.signups),
      this.prisma.$queryRaw<DayCount[]>(sql.activations),
      this.prisma.$queryRaw<DayCount[]>(sql.firstPurchases),
      this.prisma.$queryRaw<DayCount[]>(sql.messages),
      this.prisma.$queryRaw<
        { day: string; currency: string; method: string; payments: number; amount_cents: bigint }[]
      >(sql.revenue),
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
  stored(from: string, to: string) {
    return this.prisma.$queryRaw<
      {
        day: string;
        signups: number;
        activations: number;
        first_purchases: number;
        messages: number;
        revenue: RevenueLine[];
        queue_peak: number | null;
        oldest_wait_peak_seconds: number | null;
        complete: boolean;
      }[]
    >`
      SELECT to_char("day", 'YYYY-MM-DD') AS day, "signups", "activations", "first_purchases",
             "messages", "revenue", "queue_peak", "oldest_wait_peak_seconds",
             coalesce("computed_at" >= ((("day" + 1)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'), false) AS complete
      FROM "daily_figures" WHERE "day" >= ${from}::date AND "day" <= ${to}::date
      ORDER BY "day"`;
  }
}
