import { Prisma } from '../generated/prisma/client';
import type { MailingList, RetentionMail } from '../mail';
import { samePersonUsedWelcomeSql } from '../account-links';

/**
 * The mails that bring members back (retention-mails.task.ts) in one statement per batch: who is
 * due is chosen and recorded as sent (notification_mails_sent, one row per member and kind) at
 * once, so each member gets each kind once however often, or in how many workers, the task
 * runs: once ever (ON CONFLICT DO NOTHING), or for the kinds about an absence once per absence
 * (the row's sent_at moves on only when the member was seen after it, and a racing run's row
 * of the same moment is never taken for an earlier absence). Only confirmed members with notifications not disabled, the kind's
 * switch on, no staff account and no chat pal. Times are UTC timestamps (utcTimestamp).
 */

/** The members a kind is due to, as `<alias u: users, p: profiles>` conditions. */
export interface RetentionRule {
  kind: RetentionMail;
  list: MailingList;
  due: Prisma.Sql;
  /** Once per absence (again after the member came back and went away again), not once ever. */
  perAbsence?: boolean;
}

export function retentionClaimStatement(
  rule: RetentionRule,
  at: string,
  limit: number,
): Prisma.Sql {
  return Prisma.sql`
        INSERT INTO notification_mails_sent (user_id, kind, sent_at)
        SELECT u.id, ${rule.kind}, ${at}::timestamp
        FROM users u
        JOIN profiles p ON p.user_id = u.id AND NOT p.fictional
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        WHERE u.status = 'confirmed' AND COALESCE(cardinality(u.notifications_disabled), 0) = 0
          AND COALESCE(cardinality(u.roles), 0) = 0
          AND COALESCE(np.${Prisma.raw(rule.list)}, true)
          AND NOT EXISTS (SELECT 1 FROM notification_mails_sent s
                          WHERE s.user_id = u.id AND s.kind = ${rule.kind}${
                            rule.perAbsence
                              ? Prisma.sql`
                            AND s.sent_at >= COALESCE(u.last_seen_at, u.signup_date)`
                              : Prisma.empty
                          })
          AND ${rule.due}
        ORDER BY u.id
        LIMIT ${limit}
        ON CONFLICT (user_id, kind) ${
          rule.perAbsence
            ? Prisma.sql`DO UPDATE SET sent_at = EXCLUDED.sent_at
          WHERE notification_mails_sent.sent_at < EXCLUDED.sent_at - interval '1 day'`
            : Prisma.sql`DO NOTHING`
        }
        RETURNING user_id AS "userId"`;
}

/**
 * The welcome time bonus ends within 5 to 75 minutes, and the member may still use it: has not
 * paid or used it, and no other account of the same person has (which the checkout refuses,
 * discount_linked_account).
 */
export function timeBonusEndingDue(from: string, to: string, code: string): Prisma.Sql {
  return Prisma.sql`u.signup_date > ${from}::timestamp AND u.signup_date <= ${to}::timestamp
          AND NOT u.paid_user
          AND NOT EXISTS (SELECT 1 FROM discount_redemptions r
                          JOIN discount_codes c ON c.id = r.code_id
                          WHERE r.user_id = u.id AND c.code = ${code})
          AND NOT ${samePersonUsedWelcomeSql(Prisma.sql`u.id`, code)}`;
}

/** Signed up between a week and a day ago, and still no photo or no text about themselves. */
export function profileIncompleteDue(from: string, to: string): Prisma.Sql {
  return Prisma.sql`u.signup_date > ${from}::timestamp AND u.signup_date <= ${to}::timestamp
          AND (NOT p.has_photo OR COALESCE(btrim(p.about), '') = '')`;
}

/** Last seen (or signed up, never seen since) between `from` and `to`. */
export function inactiveDue(from: string, to: string): Prisma.Sql {
  return Prisma.sql`COALESCE(u.last_seen_at, u.signup_date) > ${from}::timestamp
          AND COALESCE(u.last_seen_at, u.signup_date) <= ${to}::timestamp`;
}
