import { Injectable } from '@nestjs/common';
import type { ReplyTimesResponse } from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

interface FigureRow {
  operator_id: number | null;
  replies: number;
  median_seconds: number;
  p90_seconds: number;
}

/**
 * Reply times of the operators: from the member's first unanswered message
 * (messages.waited_since, taken from conversations.awaiting_reply_since by the reply's insert)
 * to the operator's reply, median and 90th percentile, per operator and per day and operator.
 * Read per staff account on the index messages(operator_id, created_at): never a scan of all
 * messages.
 */
@Injectable()
export class ReplyTimesService {
  constructor(private readonly prisma: PrismaService) {}

  async figures(days: number): Promise<ReplyTimesResponse> {
    // the replies of the range, per staff account on messages(operator_id, created_at)
    const figures = Prisma.sql`count(*)::int AS replies,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))::float8 AS median_seconds,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))::float8 AS p90_seconds
      FROM users u
      JOIN messages m ON m.operator_id = u.id
        AND m.created_at >= now() - make_interval(days => ${days}) AND m.waited_since IS NOT NULL
      WHERE u.roles <> '{}'`;
    const [perOperator, perDay] = await Promise.all([
      this.prisma.$queryRaw<(FigureRow & { name: string })[]>`
        SELECT m.operator_id, COALESCE(u.staff_name, split_part(u.email, '@', 1)) AS name,
          ${figures}
        GROUP BY m.operator_id, u.staff_name, u.email
        ORDER BY name`,
      this.prisma.$queryRaw<(FigureRow & { day: string })[]>`
        SELECT to_char(date_trunc('day', m.created_at), 'YYYY-MM-DD') AS day, m.operator_id,
          ${figures}
        GROUP BY 1, m.operator_id
        ORDER BY 1, m.operator_id`,
    ]);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      days,
      operators: perOperator.map((row) => ({
        operator: row.operator_id === null ? null : { id: row.operator_id, name: row.name },
        replies: row.replies,
        median_seconds: round(row.median_seconds),
        p90_seconds: round(row.p90_seconds),
      })),
      days_by_operator: perDay.map((row) => ({
        day: row.day,
        operator_id: row.operator_id,
        replies: row.replies,
        median_seconds: round(row.median_seconds),
        p90_seconds: round(row.p90_seconds),
      })),
    };
  }
}
