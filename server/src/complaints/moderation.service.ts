import { Injectable } from '@nestjs/common';
import {
  COMPLAINT_STATUSES,
  STAFF_INBOX_PAGE,
  reportedContent,
  type ComplaintAction,
  type ComplaintCounts,
  type ComplaintDetailResponse,
  type InboxComplaint,
  type LiveContent,
  type ModerationHistory,
  type ModerationMemberRef,
  type StaffInboxResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Complaint, Prisma, UserStatus } from '../generated/prisma/client';
import { MailOutbox } from '../mail';
import { ModeratedContent, staffViewerOf, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { BansService } from './bans.service';

/** Complaints in a member's history: the newest this many each way. */
const HISTORY_COMPLAINTS = 20;

const ROW_SELECT = {
  id: true,
  about: true,
  status: true,
  resolution: true,
  createdAt: true,
  subject: true,
  reporterId: true,
  name: true,
  reportedUserId: true,
} satisfies Prisma.ComplaintSelect;
type Row = Prisma.ComplaintGetPayload<{ select: typeof ROW_SELECT }>;

/** A complaint that is still to be handled (the condition of every action's update). */
const UNHANDLED = { resolution: null } satisfies Prisma.ComplaintWhereInput;

/**
 * The staff side of complaints (admins, moderators): the inbox, one complaint in context, and
 * its actions. Each action runs in one transaction with its audit row and moves the complaint
 * by a conditional update (`resolution IS NULL`, or `banned` for an unban): of two staff acting
 * at once exactly one wins, the other gets 409 complaint_handled and nothing of theirs stays.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly content: ModeratedContent,
    private readonly bans: BansService,
    private readonly audit: AuditLog,
    private readonly outbox: MailOutbox,
    private readonly realtime: Realtime,
  ) {}

  async inbox(
    staff: StaffPrincipal,
    query: { status?: (typeof COMPLAINT_STATUSES)[number]; before?: number },
  ): Promise<StaffInboxResponse> {
    const [rows, counts] = await Promise.all([
      this.prisma.complaint.findMany({
        where: {
          ...(query.status ? { status: query.status } : {}),
          ...(query.before ? { id: { lt: query.before } } : {}),
        },
        orderBy: { id: 'desc' },
        take: STAFF_INBOX_PAGE + 1,
        select: ROW_SELECT,
      }),
      this.counts(),
    ]);
    const page = rows.slice(0, STAFF_INBOX_PAGE);
    const refs = await this.refs(staffViewerOf(staff), page);
    return {
      complaints: page.map((row) => this.present(row, refs)),
      counts,
      next_before: rows.length > STAFF_INBOX_PAGE ? page[page.length - 1].id : null,
    };
  }

  async counts(): Promise<ComplaintCounts> {
    const groups = await this.prisma.complaint.groupBy({ by: ['status'], _count: { _all: true } });
    const counts = { open: 0, in_progress: 0, resolved: 0 };
    for (const group of groups) counts[group.status] = group._count._all;
    return counts;
  }

  async detail(staff: StaffPrincipal, id: number): Promise<ComplaintDetailResponse> {
    const viewer = staffViewerOf(staff);
    const row = await this.prisma.complaint.findUnique({
      where: { id },
      select: {
        ...ROW_SELECT,
        email: true,
        message: true,
        photoId: true,
        messageId: true,
        reportedContent: true,
        handledAt: true,
        handledBy: { select: { id: true, staffName: true } },
      },
    });
    if (!row) throw new AppError('not_found');
    const refs = await this.refs(viewer, [row]);
    const snapshot = reportedContent.safeParse(row.reportedContent).data ?? null;
    const [live, reporterHistory, reportedHistory] = await Promise.all([
      this.live(viewer, row),
      row.reporterId ? this.history(viewer, row.reporterId) : null,
      row.reportedUserId ? this.history(viewer, row.reportedUserId) : null,
    ]);
    const reportedStatus = row.reportedUserId ? refs.get(row.reportedUserId)?.status : undefined;
    return {
      complaint: {
        ...this.present(row, refs),
        message: row.message,
        reporter_email: row.reporterId ? null : row.email,
        snapshot,
        snapshot_photo_url:
          snapshot?.kind === 'photo' && live?.state !== 'removed'
            ? this.content.url(snapshot.filename)
            : null,
        live,
        handled_by: row.handledBy ? { id: row.handledBy.id, name: row.handledBy.staffName } : null,
        handled_at: row.handledAt?.toISOString() ?? null,
        actions: this.possible(row, live, reportedStatus),
      },
      reporter_history: reporterHistory,
      reported_history: reportedHistory,
    };
  }

  async historyOrThrow(viewer: Viewer, userId: number): Promise<ModerationHistory> {
    const history = await this.history(viewer, userId);
    if (!history) throw new AppError('not_found');
    return history;
  }

  /** A member's record with staff (also the member page's, members feature). */
  async history(viewer: Viewer, userId: number): Promise<ModerationHistory | null> {
    const refs = await this.memberRefs(viewer, [userId]);
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

  /** Does one action on a complaint (see the class); answers the complaint as it is then. */
  async act(
    staff: StaffPrincipal,
    id: number,
    action: ComplaintAction,
    reason: string,
    ip?: string,
  ): Promise<ComplaintDetailResponse> {
    const mails: number[] = [];
    await this.prisma.$transaction(async (tx) => {
      const complaint = await tx.complaint.findUnique({ where: { id } });
      if (!complaint) throw new AppError('not_found');
      const resolution = RESOLUTION[action];
      // the conditional update first: a second staff member's transaction waits on the row's
      // lock, then finds it handled and changes nothing
      const moved = await tx.complaint.updateMany({
        where: { id, ...(action === 'unban' ? { resolution: 'banned' } : UNHANDLED) },
        data: {
          status: 'resolved',
          resolution,
          handledById: staff.userId,
          handledAt: new Date(),
          resolvedAt: new Date(),
        },
      });
      if (moved.count === 0) {
        // handled meanwhile by someone else, or (an unban) never banned from here
        const now = await tx.complaint.findUnique({ where: { id }, select: { resolution: true } });
        const unavailable = action === 'unban' && now?.resolution !== 'unbanned';
        throw new AppError(unavailable ? 'complaint_action_unavailable' : 'complaint_handled');
      }
      const before = { status: complaint.status, resolution: complaint.resolution };
      const after = { status: 'resolved', resolution };
      const target = complaint.reportedUserId;
      const needsMember = action !== 'dismiss';
      if (needsMember && target === null) throw new AppError('complaint_action_unavailable');
      switch (action) {
        case 'dismiss':
          await this.record(tx, staff, 'complaint.dismiss', complaint, before, after, reason, ip);
          break;
        case 'warn': {
          const member = await tx.user.findUnique({
            where: { id: target! },
            select: { email: true, status: true },
          });
          if (!member?.email || member.status === 'purged') {
            throw new AppError('complaint_action_unavailable');
          }
          await tx.memberWarning.create({
            data: { userId: target!, complaintId: id, warnedById: staff.userId, reason },
          });
          mails.push(
            await this.outbox.write(tx, { userId: target!, template: 'moderation_warning' }),
          );
          await this.record(tx, staff, 'complaint.warn', complaint, before, after, reason, ip);
          break;
        }
        case 'hide': {
          const hidden = await this.hide(tx, staff, complaint);
          await this.record(
            tx,
            staff,
            'complaint.hide',
            complaint,
            { ...before, content: 'visible' },
            { ...after, content: 'hidden', hidden_id: hidden },
            reason,
            ip,
          );
          break;
        }
        case 'ban':
          await this.bans.banIn(tx, staff, { userId: target!, reason, complaintId: id, ip });
          break;
        case 'unban':
          await this.bans.unbanIn(tx, staff, { userId: target!, reason, complaintId: id, ip });
          break;
        default: {
          const never: never = action;
          throw new Error(`unknown action ${String(never)}`);
        }
      }
    });
    if (mails.length > 0) await this.outbox.dispatch(mails);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
    return this.detail(staff, id);
  }

  /** Takes the reported item away from the members; returns the staff-only record's id. */
  private async hide(
    tx: Prisma.TransactionClient,
    staff: StaffPrincipal,
    complaint: Complaint,
  ): Promise<number> {
    const base = {
      userId: complaint.reportedUserId!,
      complaintId: complaint.id,
      hiddenById: staff.userId,
    };
    if (complaint.about === 'message' && complaint.messageId !== null) {
      const rows = await tx.$queryRaw<
        { body: string | null; image_filename: string | null; hidden_at: Date | null }[]
      >`SELECT body, image_filename, hidden_at FROM messages WHERE id = ${complaint.messageId} FOR UPDATE`;
      const message = rows[0];
      if (!message || message.hidden_at) throw new AppError('complaint_action_unavailable');
      await tx.message.update({
        where: { id: complaint.messageId },
        data: { body: null, imageFilename: null, hiddenAt: new Date() },
      });
      const row = await tx.hiddenContent.create({
        data: {
          ...base,
          kind: 'message',
          messageId: complaint.messageId,
          text: message.body,
          imageFilename: message.image_filename,
        },
        select: { id: true },
      });
      return row.id;
    }
    if (complaint.about === 'photo' && complaint.photoId !== null) {
      const filename = await this.content.hidePhoto(tx, complaint.photoId, staff.userId);
      if (filename === null) throw new AppError('complaint_action_unavailable');
      const row = await tx.hiddenContent.create({
        data: { ...base, kind: 'photo', photoId: complaint.photoId, imageFilename: filename },
        select: { id: true },
      });
      return row.id;
    }
    if (complaint.about === 'member') {
      const about = await this.content.hideAbout(tx, base.userId);
      if (about === null) throw new AppError('complaint_action_unavailable');
      const row = await tx.hiddenContent.create({
        data: { ...base, kind: 'about', text: about },
        select: { id: true },
      });
      return row.id;
    }
    throw new AppError('complaint_action_unavailable');
  }

  private record(
    tx: Prisma.TransactionClient,
    staff: StaffPrincipal,
    action: 'complaint.dismiss' | 'complaint.warn' | 'complaint.hide',
    complaint: Complaint,
    before: unknown,
    after: unknown,
    reason: string,
    ip?: string,
  ) {
    return this.audit.record(
      tx,
      staff,
      {
        action,
        targetUserId: complaint.reportedUserId,
        subjectType: 'complaint',
        subjectId: complaint.id,
        before,
        after,
        reason,
      },
      ip,
    );
  }

  /** The reported item now: as members see it, hidden by staff (what it held), or gone. */
  private async live(
    viewer: Viewer,
    row: { about: string; reportedUserId: number | null; photoId: number | null } & {
      messageId: number | null;
    },
  ): Promise<LiveContent | null> {
    if (row.about === 'site') return null;
    const hidden = await this.prisma.hiddenContent.findFirst({
      where:
        row.about === 'message'
          ? { messageId: row.messageId ?? -1 }
          : row.about === 'photo'
            ? { photoId: row.photoId ?? -1 }
            : { userId: row.reportedUserId ?? -1, kind: 'about' },
      orderBy: { id: 'desc' },
      select: { text: true, createdAt: true },
    });
    if (row.about === 'message') {
      const message =
        row.messageId === null
          ? null
          : await this.prisma.message.findUnique({
              where: { id: row.messageId },
              select: { body: true, hiddenAt: true, contentPurgedAt: true },
            });
      if (!message || message.contentPurgedAt) return removed('message');
      if (message.hiddenAt) {
        return { kind: 'message', state: 'hidden', text: hidden?.text ?? null, photo: null };
      }
      return { kind: 'message', state: 'present', text: message.body, photo: null };
    }
    if (row.about === 'photo') {
      const photo = row.photoId === null ? null : await this.content.photo(viewer, row.photoId);
      if (!photo) return removed('photo');
      const state = photo.status === 'rejected' && hidden ? 'hidden' : 'present';
      return { kind: 'photo', state, text: null, photo };
    }
    const profile =
      row.reportedUserId === null
        ? undefined
        : (await this.content.profiles(viewer, [row.reportedUserId])).get(row.reportedUserId);
    if (!profile) return removed('member');
    if (profile.about === null && hidden) {
      return { kind: 'member', state: 'hidden', text: hidden.text, photo: null };
    }
    return { kind: 'member', state: 'present', text: profile.about, photo: null };
  }

  /** The actions that can be taken now (the web shows their buttons). */
  private possible(
    row: Row,
    live: LiveContent | null,
    reportedStatus: UserStatus | undefined,
  ): ComplaintAction[] {
    if (row.resolution === 'banned') return reportedStatus === 'banned' ? ['unban'] : [];
    if (row.resolution !== null) return [];
    const actions: ComplaintAction[] = ['dismiss'];
    if (row.reportedUserId === null || reportedStatus === undefined) return actions;
    if (reportedStatus !== 'purged') actions.push('warn');
    if (live?.state === 'present' && (live.kind !== 'member' || live.text)) actions.push('hide');
    if (reportedStatus !== 'banned' && reportedStatus !== 'purged') actions.push('ban');
    return actions;
  }

  private async refs(viewer: Viewer, rows: Row[]) {
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.reporterId) ids.add(row.reporterId);
      if (row.reportedUserId) ids.add(row.reportedUserId);
    }
    return this.memberRefs(viewer, [...ids]);
  }

  /** Accounts with their profile's name (while they have one) and their status. */
  private async memberRefs(
    viewer: Viewer,
    userIds: number[],
  ): Promise<Map<number, ModerationMemberRef>> {
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

  private present(row: Row, refs: Map<number, ModerationMemberRef>): InboxComplaint {
    return {
      id: row.id,
      about: row.about,
      status: row.status,
      resolution: row.resolution,
      created_at: row.createdAt.toISOString(),
      subject: row.subject,
      reporter: row.reporterId ? (refs.get(row.reporterId) ?? null) : null,
      reporter_name: row.reporterId ? null : row.name,
      reported_member: row.reportedUserId ? (refs.get(row.reportedUserId) ?? null) : null,
    };
  }
}

const RESOLUTION = {
  dismiss: 'dismissed',
  warn: 'warned',
  hide: 'hidden',
  ban: 'banned',
  unban: 'unbanned',
} as const satisfies Record<ComplaintAction, string>;

function removed(kind: LiveContent['kind']): LiveContent {
  return { kind, state: 'removed', text: null, photo: null };
}
