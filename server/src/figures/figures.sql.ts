import { FIGURES_TIME_ZONE, type RevenueLine } from '@app/contract';
import { Prisma } from '../generated/prisma/client';

/**
 * The figures' hand-written SQL (run through queryRows / executeStatement,
 * server/src/prisma/sql.ts, on Prisma): counts per local day (Europe/Amsterdam) need time-zone
 * arithmetic and grouping by an expression, each one grouped query over an index range
 * (users.signup_date, users.confirmed_at, payments.paid_at with payments(user_id, paid_at) for
 * "first", messages.created_at), never a whole table (plans in docs/performance.md, checked by
 * figures.e2e-spec.ts); the queue peaks move up only, in one upsert.
 */

/** The figures' time zone, a constant of the text (never a value of a request). */
const ZONE = Prisma.raw(`'${FIGURES_TIME_ZONE}'`);

/** The instant a day (YYYY-MM-DD, Europe/Amsterdam) begins, as the UTC of our timestamp columns. */
const startOf = (day: string) =>
  Prisma.sql`((${day}::date)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'`;

/** The local day of a timestamp column (stored as UTC), as YYYY-MM-DD. */
const dayOf = (column: string) =>
  Prisma.sql`to_char(((${Prisma.raw(column)} AT TIME ZONE 'UTC') AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD')`;

/** A count of one day. */
export interface DayCountRow {
  day: string;
  n: number;
}

/** The payments of one day, currency and method (the `revenue` statement). */
export interface DayRevenueRow {
  day: string;
  currency: string;
  method: string;
  payments: number;
  /** A bigint: Prisma reads it as one, `pg` (the read pool) as a number. */
  amount_cents: bigint | number;
}

/**
 * The counted figures' statements over [from, to): rows DayCountRow, revenue DayRevenueRow
 * (figures.e2e-spec.ts EXPLAINs each).
 */
export function figuresStatements(
  from: string,
  to: string,
): Record<'signups' | 'activations' | 'firstPurchases' | 'revenue' | 'messages', Prisma.Sql> {
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

/** A stored rollup row. */
export interface StoredDayRow {
  day: string;
  signups: number;
  activations: number;
  first_purchases: number;
  messages: number;
  revenue: RevenueLine[];
  queue_peak: number | null;
  oldest_wait_peak_seconds: number | null;
  /** Computed after the day ended: its counts are final. */
  complete: boolean;
}

/** The stored rollup rows of [from, to] (YYYY-MM-DD), by day. */
export function storedDaysStatement(from: string, to: string): Prisma.Sql {
  return Prisma.sql`
      SELECT to_char("day", 'YYYY-MM-DD') AS day, "signups", "activations", "first_purchases",
             "messages", "revenue", "queue_peak", "oldest_wait_peak_seconds",
             coalesce("computed_at" >= ((("day" + 1)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'), false) AS complete
      FROM "daily_figures" WHERE "day" >= ${from}::date AND "day" <= ${to}::date
      ORDER BY "day"`;
}

/**
 * A sample of the photo queue on `day`: the day keeps the largest length and oldest wait seen
 * (one statement, so two samples at once keep the larger).
 */
export function queuePeakStatement(day: string, waiting: number, waitSeconds: number): Prisma.Sql {
  return Prisma.sql`
      INSERT INTO "daily_figures" ("day", "queue_peak", "oldest_wait_peak_seconds")
      VALUES (${day}::date, ${waiting}, ${waitSeconds})
      ON CONFLICT ("day") DO UPDATE SET
        "queue_peak" = GREATEST(coalesce("daily_figures"."queue_peak", 0), EXCLUDED."queue_peak"),
        "oldest_wait_peak_seconds" = GREATEST(
          coalesce("daily_figures"."oldest_wait_peak_seconds", 0),
          EXCLUDED."oldest_wait_peak_seconds")`;
}
