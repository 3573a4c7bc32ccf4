import { Prisma } from '../generated/prisma/client';

/**
 * The operators' reply times (run through queryRows, server/src/prisma/sql.ts, on Prisma): SQL
 * for the percentiles (percentile_cont) over the replies of a range, read per staff account on
 * the index messages(operator_id, created_at), never a scan of all messages.
 */

/** The figures of a group of replies. */
export interface ReplyFigureRow {
  operator_id: number | null;
  replies: number;
  median_seconds: number;
  p90_seconds: number;
}

/** The replies of the last `days` days, from the member's first unanswered message. */
function figures(days: number): Prisma.Sql {
  return Prisma.sql`count(*)::int AS replies,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))::float8 AS median_seconds,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))::float8 AS p90_seconds
      FROM users u
      JOIN messages m ON m.operator_id = u.id
        AND m.created_at >= now() - make_interval(days => ${days}) AND m.waited_since IS NOT NULL
      WHERE u.roles <> '{}'`;
}

/** Per operator, by name. */
export function replyTimesPerOperatorStatement(days: number): Prisma.Sql {
  return Prisma.sql`
        SELECT m.operator_id, COALESCE(u.staff_name, split_part(u.email, '@', 1)) AS name,
          ${figures(days)}
        GROUP BY m.operator_id, u.staff_name, u.email
        ORDER BY name`;
}

/** A row of replyTimesPerOperatorStatement. */
export type ReplyTimesPerOperatorRow = ReplyFigureRow & { name: string };

/** Per day (YYYY-MM-DD) and operator. */
export function replyTimesPerDayStatement(days: number): Prisma.Sql {
  return Prisma.sql`
        SELECT to_char(date_trunc('day', m.created_at), 'YYYY-MM-DD') AS day, m.operator_id,
          ${figures(days)}
        GROUP BY 1, m.operator_id
        ORDER BY 1, m.operator_id`;
}

/** A row of replyTimesPerDayStatement. */
export type ReplyTimesPerDayRow = ReplyFigureRow & { day: string };
