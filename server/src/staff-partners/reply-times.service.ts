import { Injectable } from '@nestjs/common';
import type { ReplyTimesResponse } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import {
  replyTimesPerDayStatement,
  replyTimesPerOperatorStatement,
  type ReplyTimesPerDayRow,
  type ReplyTimesPerOperatorRow,
} from './reply-times.sql';

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
    const [perOperator, perDay] = await Promise.all([
      queryRows<ReplyTimesPerOperatorRow>(this.prisma, replyTimesPerOperatorStatement(days)),
      queryRows<ReplyTimesPerDayRow>(this.prisma, replyTimesPerDayStatement(days)),
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
