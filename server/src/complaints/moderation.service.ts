import { Injectable } from '@nestjs/common';
import {
  COMPLAINT_STATUSES,
  STAFF_INBOX_PAGE,
  reportedContent,
  type ComplaintAction,
  type ComplaintCounts,
  type ComplaintDetailResponse,
  type DecisionGround,
  type InboxComplaint,
  type ModerationMemberRef,
  type StaffInboxResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { ModeratedContent, staffViewerOf, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import type { StaffPrincipal } from '../staff';
import { ComplaintActions, possibleActions } from './complaint-actions';
import { ModerationMembers } from './moderation-members';
import { ReportedItems } from './reported-items';

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

/**
 * The staff side of complaints (admins, moderators): the inbox, one complaint in context (its
 * members from ModerationMembers, the reported item now from ReportedItems), and its actions
 * (ComplaintActions), each answered with the complaint as it is then.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly content: ModeratedContent,
    private readonly members: ModerationMembers,
    private readonly items: ReportedItems,
    private readonly actions: ComplaintActions,
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
      complaints: page.map((row) => present(row, refs)),
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
      this.items.live(viewer, row),
      row.reporterId ? this.members.history(viewer, row.reporterId) : null,
      row.reportedUserId ? this.members.history(viewer, row.reportedUserId) : null,
    ]);
    const reportedStatus = row.reportedUserId ? refs.get(row.reportedUserId)?.status : undefined;
    return {
      complaint: {
        ...present(row, refs),
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
        actions: possibleActions(row, live, reportedStatus),
      },
      reporter_history: reporterHistory,
      reported_history: reportedHistory,
    };
  }

  /** Does one action on a complaint (ComplaintActions); answers the complaint as it is then. */
  async act(
    staff: StaffPrincipal,
    id: number,
    action: ComplaintAction,
    reason: string,
    ip?: string,
    ground?: DecisionGround,
  ): Promise<ComplaintDetailResponse> {
    await this.actions.apply(staff, id, action, reason, ip, ground);
    return this.detail(staff, id);
  }

  /** The reporters and reported members of these complaints. */
  private refs(viewer: Viewer, rows: Row[]) {
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.reporterId) ids.add(row.reporterId);
      if (row.reportedUserId) ids.add(row.reportedUserId);
    }
    return this.members.refs(viewer, [...ids]);
  }
}

function present(row: Row, refs: Map<number, ModerationMemberRef>): InboxComplaint {
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
