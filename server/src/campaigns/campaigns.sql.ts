import { Prisma } from '../generated/prisma/client';
import type { CampaignAudience, CampaignConsent } from '@app/contract';
import { utcTimestamp } from '../prisma/pg-types';

/**
 * The campaigns' hand-written SQL (run through queryRows, server/src/prisma/sql.ts): the audience
 * as one WHERE over the member's own rows (users, profiles, notification_preferences), the
 * keyset batch that selects the next members after the campaign's cursor and writes their
 * recipient rows in one statement, and the audience's size. Every value is bound.
 */

/** Who may get a campaign at all, and who its audience is. `u`: users, `p`: profiles. */
export function audienceSql(
  consent: CampaignConsent,
  audience: CampaignAudience,
  now: Date,
): Prisma.Sql {
  const daysAgo = (days: number) => utcTimestamp(new Date(now.getTime() - days * 86_400_000));
  const premium =
    audience.premium === 'premium'
      ? Prisma.sql`AND u.paid_user`
      : audience.premium === 'free'
        ? Prisma.sql`AND NOT u.paid_user`
        : Prisma.empty;
  const active =
    audience.active_within_days === null
      ? Prisma.empty
      : Prisma.sql`AND u.last_seen_at >= ${daysAgo(audience.active_within_days)}::timestamp`;
  const inactive =
    audience.inactive_for_days === null
      ? Prisma.empty
      : Prisma.sql`AND COALESCE(u.last_seen_at, u.signup_date) <= ${daysAgo(audience.inactive_for_days)}::timestamp`;
  return Prisma.sql`u.status = 'confirmed'
          AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(cardinality(u.roles), 0) = 0
          AND NOT p.fictional
          AND COALESCE(np.${Prisma.raw(consent === 'news' ? 'news' : 'promotions')}, true)
          AND (cardinality(${audience.countries}::text[]) = 0
               OR p.country_code::text = ANY(${audience.countries}::text[]))
          AND (cardinality(${audience.languages}::text[]) = 0
               OR u.language::text = ANY(${audience.languages}::text[]))
          AND (cardinality(${audience.genders}::text[]) = 0
               OR p.gender::text = ANY(${audience.genders}::text[]))
          ${premium} ${active} ${inactive}`;
}

const FROM = Prisma.sql`FROM users u
        JOIN profiles p ON p.user_id = u.id
        LEFT JOIN notification_preferences np ON np.user_id = u.id`;

/** The next batch: members after `cursor` (by id), their recipient rows written (new ones only). */
export interface CampaignBatchRow {
  /** The last member id looked at (the new cursor); null when none was left. */
  last: number | null;
  /** How many members the batch looked at. */
  looked: number;
  /** The members whose recipient row this batch wrote (a resumed batch skips the others). */
  added: number[];
}

export function campaignBatchStatement(
  campaignId: number,
  where: Prisma.Sql,
  cursor: number,
  limit: number,
): Prisma.Sql {
  return Prisma.sql`
        WITH chosen AS (
          SELECT u.id ${FROM}
          WHERE u.id > ${cursor} AND ${where}
          ORDER BY u.id
          LIMIT ${limit}
        ), added AS (
          INSERT INTO campaign_recipients (campaign_id, user_id)
          SELECT ${campaignId}, id FROM chosen
          ON CONFLICT (campaign_id, user_id) DO NOTHING
          RETURNING user_id
        )
        SELECT (SELECT max(id) FROM chosen) AS last,
          (SELECT count(*) FROM chosen)::int AS looked,
          COALESCE((SELECT array_agg(user_id ORDER BY user_id) FROM added), '{}') AS added`;
}

export function audienceSizeStatement(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS members ${FROM} WHERE ${where}`;
}

/** Locks a campaign's row for its batch (one batch of a campaign at a time, in any worker). */
export function lockCampaignStatement(campaignId: number): Prisma.Sql {
  return Prisma.sql`SELECT id FROM campaigns WHERE id = ${campaignId} FOR UPDATE`;
}
