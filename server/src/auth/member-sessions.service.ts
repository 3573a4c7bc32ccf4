import { Injectable } from '@nestjs/common';
import { UAParser } from 'ua-parser-js';
import type { MemberSession } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';

/** What the list shows of a user agent: browser and major version, system, kind of device. */
export function describeUserAgent(
  userAgent: string | null,
): Pick<MemberSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: '', os: '', device: '' };
  const ua = new UAParser(userAgent).getResult();
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  const device = ua.device.type === 'mobile' || ua.device.type === 'tablet' ? ua.device.type : '';
  return {
    browser: join(ua.browser.name, ua.browser.major),
    os: join(ua.os.name, ua.os.version),
    device,
  };
}

/**
 * A member's own sessions (GDPR: where am I logged in): listed, ended one by one or all at once.
 * Ending a session deletes its row; the database trigger then notifies `session_ended` and the
 * realtime gateway disconnects that session's sockets on every process (as logout does).
 */
@Injectable()
export class MemberSessions {
  constructor(private readonly prisma: PrismaService) {}

  /** The member's live sessions: this browser's first, then the most recently seen. */
  async list(userId: number, currentId: string): Promise<MemberSession[]> {
    const rows = await this.prisma.session.findMany({
      where: { userId, expiresAt: { gt: new Date() } },
      select: { id: true, userAgent: true, country: true, createdAt: true, lastSeenAt: true },
      orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
    });
    return rows
      .map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        country: row.country,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === currentId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** Ends one of the member's sessions; any other id (another member's, unknown) is a 404. */
  async end(userId: number, sessionId: string): Promise<void> {
    const { count } = await this.prisma.session.deleteMany({ where: { id: sessionId, userId } });
    if (count === 0) throw new AppError('session_not_found');
  }

  /** Ends every session of the member, the asking one included. */
  async endAll(userId: number): Promise<void> {
    await this.prisma.session.deleteMany({ where: { userId } });
  }
}
