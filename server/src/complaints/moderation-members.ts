import { Injectable } from '@nestjs/common';
import type { ModerationHistory, ModerationMemberRef } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { ModeratedContent, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';

/** Complaints in a member's history: the newest this many each way. */
const HISTORY_COMPLAINTS = 20;

/**
 * The members a complaint names, as staff see them: a short reference (name and account
 * status) for the inbox and a complaint's page, and a member's record with staff (complaints by
 * and against them, bans, warnings) for the complaint's page and the ban routes.
 */
@Injectable()
export class ModerationMembers {
  constructor(
    private readonly prisma: PrismaService,
    private readonly content: ModeratedContent,
  ) {}

  /** Accounts with their profile's name (while they have one) and their status. */
  async refs(viewer: Viewer, userIds: number[]): Promise<Map<number, ModerationMemberRef>> {
    if (userIds.length === 0) return new Map();
    const [users, profiles] = await Promise.all([
      this.prisma.user.findMany({
        where: { id: { in: userIds } },
        select: { id: true, status: true },
      }),
      this.content.profiles(viewer, userIds),
    ]);
    return new Map(
      users.map((user) => [
        user.id,
        {
          user_id: user.id,
          profile_id: profiles.get(user.id)?.profileId ?? null,
          name: profiles.get(user.id)?.name ?? null,
          status: user.status,
        },
      ]),
    );
  }

  async historyOrThrow(viewer: Viewer, userId: number): Promise<ModerationHistory> {
    const history = await this.history(viewer, userId);
    if (!history) throw new AppError('not_found');
    return history;
  }

  /** A member's record with staff (also the member page's, members feature). */
  async history(viewer: Viewer, userId: number): Promise<ModerationHistory | null> {
    const refs = await this.refs(viewer, [userId]);
    const member = refs.get(userId);
    if (!member) return null;
    const brief = {
      id: true,
      about: true,
      status: true,
      resolution: true,
      subject: true,
      createdAt: true,
    } satisfies Prisma.ComplaintSelect;
    const staffName = { select: { id: true, staffName: true } } as const;
    const [made, received, bans, warnings] = await Promise.all([
      this.prisma.complaint.findMany({
        where: { reporterId: userId },
        orderBy: { id: 'desc' },
        take: HISTORY_COMPLAINTS,
        select: brief,
      }),
      this.prisma.complaint.findMany({
        where: { reportedUserId: userId },
        orderBy: { id: 'desc' },
        take: HISTORY_COMPLAINTS,
        select: brief,
      }),
      this.prisma.memberBan.findMany({
        where: { userId },
        orderBy: { id: 'desc' },
        select: {
          id: true,
          reason: true,
          complaintId: true,
          createdAt: true,
          liftedAt: true,
          liftReason: true,
          bannedBy: staffName,
          liftedBy: staffName,
        },
      }),
      this.prisma.memberWarning.findMany({
        where: { userId },
        orderBy: { id: 'desc' },
        select: { id: true, reason: true, complaintId: true, createdAt: true, warnedBy: staffName },
      }),
    ]);
    const complaint = (c: (typeof made)[number]) => ({
      id: c.id,
      about: c.about,
      status: c.status,
      resolution: c.resolution,
      subject: c.subject,
      created_at: c.createdAt.toISOString(),
    });
    const by = (s: { id: number; staffName: string | null } | null) =>
      s ? { id: s.id, name: s.staffName } : null;
    return {
      member,
      complaints_made: made.map(complaint),
      complaints_received: received.map(complaint),
      bans: bans.map((b) => ({
        id: b.id,
        reason: b.reason,
        complaint_id: b.complaintId,
        created_at: b.createdAt.toISOString(),
        by: by(b.bannedBy),
        lifted_at: b.liftedAt?.toISOString() ?? null,
        lifted_by: by(b.liftedBy),
        lift_reason: b.liftReason,
      })),
      warnings: warnings.map((w) => ({
        id: w.id,
        reason: w.reason,
        complaint_id: w.complaintId,
        created_at: w.createdAt.toISOString(),
        by: by(w.warnedBy),
      })),
    };
  }
}
