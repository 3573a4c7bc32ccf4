import {
  FIGURES_TIME_ZONE,
  TRAFFIC_NONE,
  type TrafficDimension,
  type TrafficGroup,
} from '@app/contract';
import { Prisma } from '../generated/prisma/client';

/**
 * The traffic report's hand-written SQL (run through queryRows / executeStatement,
 * server/src/prisma/sql.ts): the rollup of one Europe/Amsterdam day per source (index ranges on
 * users.signup_date, users.confirmed_at and payments.paid_at, tracking_data by its key), the
 * report's grouped reads of daily_traffic (its key leads with the day; daily_traffic(network,
 * day) for a network's filter), and the postbacks' outbox insert. Plans in
 * /work/notes/traffic-rows.md, checked by traffic.e2e-spec.ts.
 */

const ZONE = Prisma.raw(`'${FIGURES_TIME_ZONE}'`);
const startOf = (day: string) =>
  Prisma.sql`((${day}::date)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'`;

/**
 * A member's source (tracking_data t, its network's settings n): '' for none, and the field
 * that holds the network's click id always '' (one value per click would make a row per
 * member: the rollup holds sources, never people).
 */
const blanked = (field: 'ref' | 'sub1' | 'sub2' | 'sub3') =>
  Prisma.raw(
    `CASE WHEN n."click_id_param" = '${field}' THEN '' ELSE coalesce(t."${field}", '') END AS "${field}"`,
  );
const SOURCE = Prisma.sql`coalesce(t."network", '') AS "network", ${blanked('ref')}, ${blanked('sub1')},
  ${blanked('sub2')}, ${blanked('sub3')}, coalesce(t."lander", '') AS "lander",
  coalesce(t."slug", '') AS "slug"`;
const sourceOf = (userColumn: string) =>
  Prisma.raw(`LEFT JOIN "tracking_data" t ON t."user_id" = ${userColumn}
  LEFT JOIN "affiliate_networks" n ON n."network" = t."network"`);
const DIMS = Prisma.raw(`"network", "ref", "sub1", "sub2", "sub3", "lander", "slug"`);

/** One source's counted figures of a day (the rollup statement). */
export interface SourceDayRow {
  network: string;
  ref: string;
  sub1: string;
  sub2: string;
  sub3: string;
  lander: string;
  slug: string;
  signups: number;
  activations: number;
  first_purchases: number;
  /** currency -> cents */
  revenue: Record<string, number | string>;
}

/**
 * The signups, activations, first purchases and revenue of one day [day, day + 1) per source:
 * three index ranges (as the daily figures count them), each member's source joined by key.
 */
export function sourceDayStatement(day: string, next: string): Prisma.Sql {
  const start = startOf(day);
  const end = startOf(next);
  return Prisma.sql`
    WITH src AS (
      SELECT ${SOURCE}, 1 AS s, 0 AS a, 0 AS f, NULL::text AS cur, 0::bigint AS cents
      FROM "users" u ${sourceOf('u."id"')}
      WHERE u."signup_date" >= ${start} AND u."signup_date" < ${end}
        AND coalesce(cardinality(u."roles"), 0) = 0 AND u."staff_disabled_at" IS NULL
      UNION ALL
      SELECT ${SOURCE}, 0, 1, 0, NULL, 0
      FROM "users" u ${sourceOf('u."id"')}
      WHERE u."confirmed_at" >= ${start} AND u."confirmed_at" < ${end}
        AND coalesce(cardinality(u."roles"), 0) = 0 AND u."staff_disabled_at" IS NULL
      UNION ALL
      SELECT ${SOURCE}, 0, 0,
        CASE WHEN EXISTS (
          SELECT 1 FROM "payments" q
          WHERE q."user_id" = p."user_id" AND q."paid_at" IS NOT NULL
            AND (q."paid_at" < p."paid_at" OR (q."paid_at" = p."paid_at" AND q."id" < p."id")))
        THEN 0 ELSE 1 END,
        p."currency"::text, p."amount_cents"::bigint
      FROM "payments" p ${sourceOf('p."user_id"')}
      WHERE p."paid_at" >= ${start} AND p."paid_at" < ${end}
    ), per_currency AS (
      SELECT ${DIMS}, cur, sum(s) AS s, sum(a) AS a, sum(f) AS f, sum(cents) AS cents
      FROM src GROUP BY ${DIMS}, cur
    )
    SELECT ${DIMS}, sum(s)::int AS signups, sum(a)::int AS activations,
           sum(f)::int AS first_purchases,
           coalesce(jsonb_object_agg(cur, cents) FILTER (WHERE cur IS NOT NULL), '{}'::jsonb) AS revenue
    FROM per_currency GROUP BY ${DIMS}`;
}

/** The rollup days of [from, to] already final (computed after the day ended and its grace). */
export function finalDaysStatement(from: string, to: string, graceMinutes: number): Prisma.Sql {
  return Prisma.sql`
    SELECT to_char("day", 'YYYY-MM-DD') AS day FROM "traffic_rollup_days"
    WHERE "day" >= ${from}::date AND "day" <= ${to}::date
      AND "computed_at" >= ((("day" + 1)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC')
                           + make_interval(mins => ${graceMinutes})`;
}

/** The report's filters: an exact value per source field, `-` for none (''). */
export type TrafficFilters = Partial<Record<TrafficDimension, string>>;

function where(from: string, to: string, filters: TrafficFilters): Prisma.Sql {
  const parts = [Prisma.sql`"day" >= ${from}::date AND "day" <= ${to}::date`];
  for (const [field, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    // field is one of TRAFFIC_DIMENSIONS (the contract's schema), never a request's text
    parts.push(Prisma.sql`${Prisma.raw(`"${field}"`)} = ${value === TRAFFIC_NONE ? '' : value}`);
  }
  return Prisma.join(parts, ' AND ');
}

/** One group of the report. */
export interface TrafficGroupRow {
  key: string;
  visits: number;
  bounces: number;
  signups: number;
  activations: number;
  first_purchases: number;
  revenue: Record<string, number | string>;
  /** All groups (the same on every row). */
  groups: number;
}

/**
 * The report's rows grouped by a day or a source field over a range of days with filters: one
 * range of daily_traffic's key (or of (network, day)); revenue added up per currency from
 * each group's rows. Largest first, at most `limit` (groups: how many there are).
 */
export function groupedStatement(
  group: TrafficGroup,
  from: string,
  to: string,
  filters: TrafficFilters,
  limit: number,
): Prisma.Sql {
  // group is one of TRAFFIC_GROUPS (the contract's schema)
  const key = Prisma.raw(group === 'day' ? `to_char("day", 'YYYY-MM-DD')` : `"${group}"`);
  const order = Prisma.raw(group === 'day' ? '1' : '"signups" DESC, "visits" DESC, 1');
  return Prisma.sql`
    SELECT ${key} AS key, sum("visits")::int AS visits, sum("bounces")::int AS bounces,
           sum("signups")::int AS signups, sum("activations")::int AS activations,
           sum("first_purchases")::int AS first_purchases,
           (SELECT coalesce(jsonb_object_agg(c, total), '{}'::jsonb) FROM (
              SELECT r.key AS c, sum(r.value::bigint) AS total
              FROM unnest(array_agg("revenue")) AS x(rev), jsonb_each_text(x.rev) AS r
              GROUP BY 1) q) AS revenue,
           (count(*) OVER ())::int AS groups
    FROM "daily_traffic" WHERE ${where(from, to, filters)}
    GROUP BY 1 ORDER BY ${order} LIMIT ${limit}`;
}

/** The networks and landers of a range (the filters' choices), at most 200 each. */
export function choicesStatement(
  field: 'network' | 'lander',
  from: string,
  to: string,
): Prisma.Sql {
  const column = Prisma.raw(`"${field}"`);
  return Prisma.sql`
    SELECT DISTINCT ${column} AS value FROM "daily_traffic"
    WHERE "day" >= ${from}::date AND "day" <= ${to}::date AND ${column} <> ''
    ORDER BY 1 LIMIT 200`;
}

/** Every rollup row of a range with filters, for the CSV (day, then source). */
export function csvRowsStatement(from: string, to: string, filters: TrafficFilters): Prisma.Sql {
  return Prisma.sql`
    SELECT to_char("day", 'YYYY-MM-DD') AS day, ${DIMS}, "visits", "bounces", "signups",
           "activations", "first_purchases", "revenue"
    FROM "daily_traffic" WHERE ${where(from, to, filters)}
    ORDER BY "day", ${DIMS}`;
}

/**
 * The postback of an event of a member (the outbox), in the caller's transaction: written when
 * the member came from a network whose postback is on for the event, once per member and event
 * (a replayed activation or webhook writes nothing). A first purchase only while the member has
 * no other paid payment.
 */
export function postbackInsertStatement(
  userId: number,
  event: string,
  money: { amountCents: number; currency: string; paymentId: number } | null,
): Prisma.Sql {
  const first = money
    ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."user_id" = ${userId}
                   AND p."paid_at" IS NOT NULL AND p."id" <> ${money.paymentId})`
    : Prisma.empty;
  return Prisma.sql`
    INSERT INTO "postbacks" ("user_id", "network", "event", "amount_cents", "currency")
    SELECT t."user_id", n."network", ${event}, ${money?.amountCents ?? null}::int,
           ${money?.currency ?? null}::char(3)
    FROM "tracking_data" t JOIN "affiliate_networks" n ON n."network" = t."network"
    WHERE t."user_id" = ${userId} AND n."enabled" AND ${event} = ANY(n."events") ${first}
    ON CONFLICT ("user_id", "event") DO NOTHING
    RETURNING "id"`;
}
