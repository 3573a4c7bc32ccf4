import { Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { randomBytes } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '@app/contract';
import { hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';

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
 * Opaque session tokens: the cookie holds a random token, the database only its SHA-256, so
 * sessions can be listed and revoked and a database leak reveals no usable cookie.
 */
@Injectable()
export class SessionService {
  constructor(private readonly prisma: PrismaService) {}

  async create(userId: number, meta: { ip?: string; userAgent?: string }) {
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

  /** The live session for a cookie value, with its user; null when missing or expired. */
  async find(token: string | undefined): Promise<CurrentSessionData | null> {
    if (!token) return null;
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: hashToken(token) },
      select: SESSION_SELECT,
    });
    if (!session || session.expiresAt.getTime() <= Date.now()) return null;
    if (session.user.status === 'purged' || session.user.status === 'banned') return null;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const now = new Date();
      await this.prisma.$transaction([
        this.prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: now } }),
        this.prisma.user.update({ where: { id: session.userId }, data: { lastSeenAt: now } }),
        this.prisma.profile.updateMany({
          where: { userId: session.userId },
          data: { lastActiveAt: now },
        }),
      ]);
    }
    return session;
  }

  async end(sessionId: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { id: sessionId } });
  }
}
