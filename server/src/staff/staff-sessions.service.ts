import { Injectable } from '@nestjs/common';
import { STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES } from '@app/contract';
import { hashToken, newToken } from '../common/tokens';
import type { StaffRole } from '../generated/prisma/client';
import { utcTimestamp } from '../prisma/pg-types';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import {
  staffSessionStatement,
  staffTouchStatement,
  type StaffSessionRow,
} from './staff-session.sql';

/** Activity is written at most this often per staff session. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who a staff request or socket belongs to (from the `ssid` cookie). */
export interface StaffPrincipal {
  sessionId: string;
  userId: number;
  email: string;
  name: string | null;
  roles: StaffRole[];
}

/** Where a sign-in comes from. */
export interface StaffSource {
  ip?: string;
  userAgent?: string;
}

const sameRoles = (a: StaffRole[], b: StaffRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * Staff sessions (staff_sessions, cookie `ssid`): begun only after the second factor, ended
 * STAFF_SESSION_HOURS after they began or STAFF_SESSION_IDLE_MINUTES after the staff member's
 * last request of their own (background requests do not count: resolve),
 * and by the database when the account's roles, password or status change (trigger of the staff
 * migration). A member's session never gives staff rights.
 */
@Injectable()
export class StaffSessions {
  constructor(private readonly prisma: PrismaService) {}

  async create(
    userId: number,
    roles: StaffRole[],
    source: StaffSource,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date; id: string }> {
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
    const session = await this.prisma.staffSession.create({
      data: {
        userId,
        tokenHash,
        roles,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: source.ip?.slice(0, 45) ?? null,
        userAgent: source.userAgent?.slice(0, 500) ?? null,
      },
      select: { id: true },
    });
    return { token, expiresAt, id: session.id };
  }

  /**
   * The staff member of a cookie value: a live session of a confirmed account with roles. The
   * request counts as activity (moves the idle time) unless it is `background`: a poll or a
   * reload the console made on its own, a photo or a socket, none of them the staff member's
   * own action (security review 2026-11-28, L4). One prepared statement (staff-session.sql.ts);
   * a session that fails any check is deleted.
   */
  async resolve(
    token: string | undefined,
    { background = false, now = new Date() }: { background?: boolean; now?: Date } = {},
  ): Promise<StaffPrincipal | null> {
    if (!token || token.length > 200) return null;
    const [row] = await queryRows<StaffSessionRow>(
      this.prisma.pool,
      staffSessionStatement(hashToken(token)),
      'staff-session',
    );
    if (!row) return null;
    const idleSince = now.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000;
    const roles = row.roles ?? [];
    if (
      row.expires_at <= now ||
      row.last_seen_at.getTime() <= idleSince ||
      row.status !== 'confirmed' ||
      roles.length === 0 ||
      !sameRoles(row.session_roles ?? [], roles) ||
      !row.email
    ) {
      await this.prisma.staffSession.deleteMany({ where: { id: row.id } });
      return null;
    }
    if (!background && now.getTime() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await queryRows(
        this.prisma.pool,
        staffTouchStatement(row.id, utcTimestamp(now)),
        'staff-session-touch',
      );
    }
    return {
      sessionId: row.id,
      userId: row.user_id,
      email: row.email,
      name: row.name,
      roles,
    };
  }

  async end(sessionId: string): Promise<void> {
    await this.prisma.staffSession.deleteMany({ where: { id: sessionId } });
  }

  /** Every staff session of an account (a 2FA reset, say). */
  async endAll(userId: number): Promise<void> {
    await this.prisma.staffSession.deleteMany({ where: { userId } });
  }

  /** Which of these staff sessions are still live (the socket's periodic check). */
  async live(ids: string[], now = new Date()): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.staffSession.findMany({
      where: {
        id: { in: ids },
        expiresAt: { gt: now },
        lastSeenAt: { gt: new Date(now.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000) },
        user: { status: 'confirmed' },
      },
      select: { id: true },
    });
    return new Set(rows.map((row) => row.id));
  }
}
