import { Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { randomBytes } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '@app/contract';
import { hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { PG_ROW_TYPES, utcTimestamp } from '../prisma/pg-types';

const DAY_MS = 86_400_000;
/**
 * Activity (session and user last_seen_at, profile last_active_at: online state and search
 * order) is written at most this often per session; well inside ONLINE_MINUTES, so an active
 * member always shows as online.
 */
export const TOUCH_INTERVAL_MS = 2 * 60_000;

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
  profile: {
    select: {
      id: true,
      name: true,
      status: true,
      countryCode: true,
      gender: true,
      fictional: true,
      invisible: true,
      privacyMode: true,
      // the member's own main photo (the profile photo alert, the avatar in the navigation)
      mainPhoto: { select: { id: true, filename: true, status: true } },
    },
  },
} satisfies Prisma.UserSelect;

const SESSION_SELECT = {
  id: true,
  userId: true,
  expiresAt: true,
  lastSeenAt: true,
  user: { select: SESSION_USER_SELECT },
} satisfies Prisma.SessionSelect;

export type CurrentSessionData = Prisma.SessionGetPayload<{ select: typeof SESSION_SELECT }>;
export type SessionUser = CurrentSessionData['user'];

/**
 * The session read of every request, as one prepared statement on Prisma's pool: the same
 * columns as SESSION_SELECT, without Prisma's per-query work (docs/performance.md). A test
 * compares it with the Prisma read.
 */
const SESSION_SQL = `SELECT s.id, s.user_id, s.expires_at, s.last_seen_at,
    u.status, u.credits, u.paid_user, u.language, u.signup_date,
    u.notifications_disabled::text[] AS notifications_disabled, u.roles::text[] AS roles,
    p.id AS profile_id, p.name, p.status::text AS profile_status, p.country_code, p.gender::text AS gender,
    p.fictional, p.invisible, p.privacy_mode,
    ph.id AS main_photo_id, ph.filename AS main_photo_filename, ph.status::text AS main_photo_status
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN profiles p ON p.user_id = u.id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id
  WHERE s.token_hash = $1`;

/**
 * A member seen again (at most every TOUCH_INTERVAL_MS per session): the session, the account
 * and the profile's activity time, in one statement ($3: now as a UTC timestamp(3)).
 */
const TOUCH_SQL = `WITH s AS (
    UPDATE sessions SET last_seen_at = $3::timestamp(3) WHERE id = $1::uuid
  ), u AS (
    UPDATE users SET last_seen_at = $3::timestamp(3), updated_at = $3::timestamp(3)
    WHERE id = $2::int
  )
  UPDATE profiles SET last_active_at = $3::timestamp(3), updated_at = $3::timestamp(3)
  WHERE user_id = $2::int`;

interface SessionRow {
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
  profile_id: number | null;
  name: string;
  profile_status: NonNullable<CurrentSessionData['user']['profile']>['status'];
  country_code: string;
  gender: NonNullable<CurrentSessionData['user']['profile']>['gender'];
  fictional: boolean;
  invisible: boolean;
  privacy_mode: boolean;
  main_photo_id: number | null;
  main_photo_filename: string;
  main_photo_status: NonNullable<
    NonNullable<CurrentSessionData['user']['profile']>['mainPhoto']
  >['status'];
}

function sessionOf(row: SessionRow): CurrentSessionData {
  return {
    id: row.id,
    userId: row.user_id,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    user: {
      id: row.user_id,
      status: row.status,
      credits: row.credits,
      paidUser: row.paid_user,
      language: row.language,
      signupDate: row.signup_date,
      notificationsDisabled: row.notifications_disabled ?? [],
      roles: row.roles ?? [],
      profile:
        row.profile_id === null
          ? null
          : {
              id: row.profile_id,
              name: row.name,
              status: row.profile_status,
              countryCode: row.country_code,
              gender: row.gender,
              fictional: row.fictional,
              invisible: row.invisible,
              privacyMode: row.privacy_mode,
              mainPhoto:
                row.main_photo_id === null
                  ? null
                  : {
                      id: row.main_photo_id,
                      filename: row.main_photo_filename,
                      status: row.main_photo_status,
                    },
            },
    },
  };
}

/**
 * Opaque session tokens: the cookie holds a random token, the database only its SHA-256, so
 * sessions can be listed and revoked and a database leak reveals no usable cookie.
 */
@Injectable()
export class SessionService {
  constructor(private readonly prisma: PrismaService) {}

  /** `country`: the GeoIP header at login (ISO code), shown in the member's sessions list. */
  async create(userId: number, meta: { ip?: string; userAgent?: string; country?: string }) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + AUTH_COOKIE_DAYS * DAY_MS);
    const now = new Date();
    await this.prisma.$transaction([
      this.prisma.session.create({
        data: {
          userId,
          tokenHash: hashToken(token),
          expiresAt,
          lastSeenAt: now,
          ip: meta.ip?.slice(0, 45),
          userAgent: meta.userAgent?.slice(0, 500),
          country: meta.country,
        },
      }),
      this.prisma.user.update({ where: { id: userId }, data: { lastSeenAt: now } }),
      this.prisma.profile.updateMany({ where: { userId }, data: { lastActiveAt: now } }),
    ]);
    return { token, expiresAt };
  }

  /**
   * The live session of a `Cookie` header, or null: the one way to know who is asking, used by
   * the HTTP middleware and by the socket.io handshake alike.
   */
  resolveSession(cookieHeader: string | undefined): Promise<CurrentSessionData | null> {
    const token = cookieHeader ? parseCookies(cookieHeader)[AUTH_COOKIE] : undefined;
    return this.find(token);
  }

  /** The session row of a token hash through Prisma (the reference the fast read is held to). */
  readThroughPrisma(tokenHash: string): Promise<CurrentSessionData | null> {
    return this.prisma.session.findUnique({ where: { tokenHash }, select: SESSION_SELECT });
  }

  /** The session row of a token hash: one prepared statement. */
  async read(tokenHash: string): Promise<CurrentSessionData | null> {
    const result = await this.prisma.pool.query<SessionRow>({
      name: 'session',
      text: SESSION_SQL,
      values: [tokenHash],
      types: PG_ROW_TYPES,
    });
    return result.rows[0] ? sessionOf(result.rows[0]) : null;
  }

  /** The live session for a cookie value, with its user; null when missing or expired. */
  async find(token: string | undefined): Promise<CurrentSessionData | null> {
    if (!token) return null;
    const session = await this.read(hashToken(token));
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    if (session.user.status === 'purged' || session.user.status === 'banned') return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.prisma.pool.query({
        name: 'session-touch',
        text: TOUCH_SQL,
        values: [session.id, session.userId, utcTimestamp(new Date())],
      });
    }
    return session;
  }

  async end(sessionId: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id: sessionId } });
  }
}
