import { Prisma } from '../generated/prisma/client';

/** What every request needs of the logged-in member (never the password hash). */
export const SESSION_USER_SELECT = {
  id: true,
  status: true,
  credits: true,
  paidUser: true,
  language: true,
  signupDate: true,
  notificationsDisabled: true,
  roles: true,
  // the legal versions the member accepted last (member_consents' trigger keeps them): whether
  // something is still to accept comes with the session, without a read of the consent log
  acceptedTermsVersion: true,
  acceptedPrivacyVersion: true,
  profile: {
    select: {
      id: true,
      name: true,
      status: true,
      countryCode: true,
      gender: true,
      // the gender the member seeks: the web's first search and match-finder follow it
      seekingGender: true,
      fictional: true,
      invisible: true,
      privacyMode: true,
      // the member's own main photo (the profile photo alert, the avatar in the navigation)
      mainPhoto: { select: { id: true, filename: true, status: true } },
    },
  },
} satisfies Prisma.UserSelect;

export const SESSION_SELECT = {
  id: true,
  userId: true,
  expiresAt: true,
  lastSeenAt: true,
  user: { select: SESSION_USER_SELECT },
} satisfies Prisma.SessionSelect;

export type CurrentSessionData = Prisma.SessionGetPayload<{ select: typeof SESSION_SELECT }>;
export type SessionUser = CurrentSessionData['user'];

/**
 * The session read of every request, as one prepared statement on Prisma's pool (run through
 * queryRows, server/src/prisma/sql.ts, named `session`): the same columns as SESSION_SELECT above,
 * without Prisma's per-query work (docs/performance.md). A test compares it
 * with the Prisma read.
 */
export function sessionStatement(tokenHash: string): Prisma.Sql {
  return Prisma.sql`SELECT s.id, s.user_id, s.expires_at, s.last_seen_at,
    u.status, u.credits, u.paid_user, u.language, u.signup_date,
    u.notifications_disabled::text[] AS notifications_disabled, u.roles::text[] AS roles,
    u.accepted_terms_version, u.accepted_privacy_version,
    p.id AS profile_id, p.name, p.status::text AS profile_status, p.country_code, p.gender::text AS gender,
    p.seeking_gender::text AS seeking_gender, p.fictional, p.invisible, p.privacy_mode,
    ph.id AS main_photo_id, ph.filename AS main_photo_filename, ph.status::text AS main_photo_status
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN profiles p ON p.user_id = u.id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id
  WHERE s.token_hash = ${tokenHash}`;
}

/**
 * A member seen again (at most every TOUCH_INTERVAL_MS per session): the session, the account
 * and the profile's activity time, in one statement (`now`: a UTC timestamp(3), utcTimestamp of
 * pg-types.ts; a prepared statement named `session-touch`).
 */
export function touchStatement(sessionId: string, userId: number, now: string): Prisma.Sql {
  return Prisma.sql`WITH s AS (
    UPDATE sessions SET last_seen_at = ${now}::timestamp(3) WHERE id = ${sessionId}::uuid
  ), u AS (
    UPDATE users SET last_seen_at = ${now}::timestamp(3), updated_at = ${now}::timestamp(3)
    WHERE id = ${userId}::int
  )
  UPDATE profiles SET last_active_at = ${now}::timestamp(3), updated_at = ${now}::timestamp(3)
  WHERE user_id = ${userId}::int`;
}

/** A row of sessionStatement (read through pg). */
export interface SessionRow {
  id: string;
  user_id: number;
  expires_at: Date;
  last_seen_at: Date;
  status: CurrentSessionData['user']['status'];
  credits: number;
  paid_user: boolean;
  language: string;
  signup_date: Date;
  notifications_disabled: CurrentSessionData['user']['notificationsDisabled'] | null;
  roles: CurrentSessionData['user']['roles'] | null;
  accepted_terms_version: string | null;
  accepted_privacy_version: string | null;
  profile_id: number | null;
  name: string;
  profile_status: NonNullable<CurrentSessionData['user']['profile']>['status'];
  country_code: string;
  gender: NonNullable<CurrentSessionData['user']['profile']>['gender'];
  seeking_gender: NonNullable<CurrentSessionData['user']['profile']>['seekingGender'];
  fictional: boolean;
  invisible: boolean;
  privacy_mode: boolean;
  main_photo_id: number | null;
  main_photo_filename: string;
  main_photo_status: NonNullable<
    NonNullable<CurrentSessionData['user']['profile']>['mainPhoto']
  >['status'];
}

/**
 * Which of these sessions are still live: not expired, of an account that may be signed in
 * (the open sockets' periodic check; a prepared statement named `socket-sessions`).
 */
export function liveSessionsStatement(sessionIds: string[]): Prisma.Sql {
  return Prisma.sql`SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = ANY(${sessionIds}::uuid[]) AND s.expires_at > (now() AT TIME ZONE 'UTC')
            AND u.status IN ('confirmed', 'not_confirmed')`;
}

/**
 * Which of these accounts are banned: the periodic check of the open sockets tells their tabs
 * why they end (`account:banned`), as the ban's own notification does, when this process missed
 * that notification (its listener was reconnecting).
 */
export function bannedAccountsStatement(userIds: number[]): Prisma.Sql {
  return Prisma.sql`SELECT u.id FROM users u WHERE u.id = ANY(${userIds}::int[]) AND u.status = 'banned'`;
}
