import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { AUTH_COOKIE_DAYS } from '../common/constants';

const DAY_MS = 86_400_000;
/**
 * Activity (session and user last_seen_at, profile last_active_at: online state and search
 * order) is written at most this often per session; well inside ONLINE_MINUTES, so an active
 * member always shows as online.
 */
export const TOUCH_INTERVAL_MS = 2 * 60_000;

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

  /** The live session for a cookie value, with its user; null when missing or expired. */
  async find(token: string | undefined) {
    if (!token) return null;
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: { include: { profile: true } } },
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
