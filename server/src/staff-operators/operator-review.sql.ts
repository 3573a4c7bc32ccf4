import { OPERATOR_REVIEW_SAMPLE } from '@app/contract';
import { Prisma } from '../generated/prisma/client';

/**
 * The admins' review of operators (run through queryRows, server/src/prisma/sql.ts, on Prisma):
 * SQL for the percentiles (percentile_cont), the distinct conversations and the random sample,
 * each read per staff account on the index messages(operator_id, created_at), never a scan of
 * all messages.
 */

/** One operator's figures over the period. */
export interface OperatorFiguresRow {
  operator_id: number;
  name: string;
  answered_conversations: number;
  replies: number;
  photos: number;
  gifts: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

/** The figures of one staff account's replies since `days` days ago (a lateral per account). */
function figuresOf(days: number): Prisma.Sql {
  return Prisma.sql`CROSS JOIN LATERAL (
        SELECT count(DISTINCT m.conversation_id)::int AS answered_conversations,
          count(*)::int AS replies,
          count(*) FILTER (WHERE m.type = 'photo')::int AS photos,
          count(*) FILTER (WHERE m.type = 'gift')::int AS gifts,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))
            FILTER (WHERE m.waited_since IS NOT NULL)::float8 AS median_seconds,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.waited_since))
            FILTER (WHERE m.waited_since IS NOT NULL)::float8 AS p90_seconds
        FROM messages m
        WHERE m.operator_id = u.id AND m.created_at >= now() - make_interval(days => ${days}::int)
      ) f`;
}

const NAME = Prisma.sql`COALESCE(u.staff_name, split_part(u.email, '@', 1), '—') AS name`;

/**
 * Every account that answers chat partners (the operator or admin role) and every other account
 * that replied in the period, by name.
 */
export function operatorsFiguresStatement(days: number): Prisma.Sql {
  return Prisma.sql`
      SELECT u.id AS operator_id, ${NAME}, f.*
      FROM users u
      ${figuresOf(days)}
      WHERE u.roles <> '{}' AND ('operator' = ANY (u.roles) OR 'admin' = ANY (u.roles) OR f.replies > 0)
      ORDER BY name, u.id`;
}

/** One staff account's figures (no row: not a staff account). */
export function operatorFiguresStatement(operatorId: number, days: number): Prisma.Sql {
  return Prisma.sql`
      SELECT u.id AS operator_id, ${NAME}, f.*
      FROM users u
      ${figuresOf(days)}
      WHERE u.id = ${operatorId}::int AND u.roles <> '{}'`;
}

/** A reply of the random sample, with the member's message it answered. */
export interface SampledReplyRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  member_id: number;
  type: 'text' | 'photo' | 'gift';
  body: string | null;
  gift_id: number | null;
  created_at: Date;
  waited_seconds: number | null;
  in_reply_to: string | null;
}

/**
 * OPERATOR_REVIEW_SAMPLE of the operator's replies of the period, drawn at random, newest first,
 * each with the newest message of the member before it (the question it answered).
 */
export function sampledRepliesStatement(operatorId: number, days: number): Prisma.Sql {
  return Prisma.sql`
      SELECT s.id, s.conversation_id, s.sender_id,
        CASE WHEN c.user_low_id = s.sender_id THEN c.user_high_id ELSE c.user_low_id END AS member_id,
        s.type::text AS type, s.body, s.gift_id, s.created_at,
        extract(epoch FROM s.created_at - s.waited_since)::float8 AS waited_seconds,
        q.body AS in_reply_to
      FROM (
        SELECT m.id, m.conversation_id, m.sender_id, m.seq, m.type, m.body, m.gift_id,
          m.created_at, m.waited_since
        FROM messages m
        WHERE m.operator_id = ${operatorId}::int
          AND m.created_at >= now() - make_interval(days => ${days}::int)
        ORDER BY random()
        LIMIT ${OPERATOR_REVIEW_SAMPLE}
      ) s
      JOIN conversations c ON c.id = s.conversation_id
      LEFT JOIN LATERAL (
        SELECT p.body FROM messages p
        WHERE p.conversation_id = s.conversation_id AND p.seq < s.seq
          AND p.sender_id <> s.sender_id AND NOT p.held
        ORDER BY p.seq DESC LIMIT 1
      ) q ON true
      ORDER BY s.created_at DESC, s.id DESC`;
}
