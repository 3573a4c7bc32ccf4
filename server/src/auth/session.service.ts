import { Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { randomBytes } from 'node:crypto';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '@app/contract';
import { hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import {
  bannedAccountsStatement,
  liveSessionsStatement,
  sessionStatement,
  touchStatement,
  SESSION_SELECT,
  type CurrentSessionData,
  type SessionRow,
} from './session.sql';

const DAY_MS = 86_400_000;
/**
 * Activity (session and user last_seen_at, profile last_active_at: online state and search
 * order) is written at most this often per session; well inside ONLINE_MINUTES, so an active
 * member always shows as online.
 */
export const TOUCH_INTERVAL_MS = 2 * 60_000;

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
      acceptedTermsVersion: row.accepted_terms_version,
      acceptedPrivacyVersion: row.accepted_privacy_version,
      profile:
        row.profile_id === null
          ? null
          : {
              id: row.profile_id,
              name: row.name,
              status: row.profile_status,
              countryCode: row.country_code,
              gender: row.gender,
              seekingGender: row.seeking_gender,
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

  /** `country`: where the login came from (ISO code, VisitorCountry), shown in the member's sessions list. */
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
    const [row] = await queryRows<SessionRow>(
      this.prisma.pool,
      sessionStatement(tokenHash),
      'session',
    );
    return row ? sessionOf(row) : null;
  }

  /** The live session for a cookie value, with its user; null when missing or expired. */
  async find(token: string | undefined): Promise<CurrentSessionData | null> {
    if (!token) return null;
    const session = await this.read(hashToken(token));
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    if (session.user.status === 'purged' || session.user.status === 'banned') return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await queryRows(
        this.prisma.pool,
        touchStatement(session.id, session.userId, utcTimestamp(new Date())),
        'session-touch',
      );
    }
    return session;
  }

  /** Which of these sessions are still live (the open sockets' check, realtime.gateway.ts). */
  async live(sessionIds: string[]): Promise<Set<string>> {
    const rows = await queryRows<{ id: string }>(
      this.prisma.pool,
      liveSessionsStatement(sessionIds),
      'socket-sessions',
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Which of these accounts are banned (sockets about to close learn why). */
  async bannedAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await queryRows<{ id: number }>(
      this.prisma.pool,
      bannedAccountsStatement(userIds),
      'banned-accounts',
    );
    return new Set(rows.map((row) => row.id));
  }

  async end(sessionId: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id: sessionId } });
  }
}
