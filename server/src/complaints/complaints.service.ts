import { Injectable } from '@nestjs/common';
import {
  STAFF_COMPLAINTS_PAGE,
  reportedContent,
  type ComplaintRequest,
  type ReportedContent as Snapshot,
  type StaffComplaint,
  type StaffComplaintsQuery,
  type StaffComplaintsResponse,
} from '@app/contract';
import { normalizeEmail } from '../accounts';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { ReportedContent, type ReportedMember, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';

/** What a complaint is about, resolved and checked: who, which photo or message, the snapshot. */
interface Target {
  reportedUserId: number | null;
  photoId: number | null;
  messageId: number | null;
  snapshot: Snapshot | null;
}

const SITE: Target = { reportedUserId: null, photoId: null, messageId: null, snapshot: null };

@Injectable()
export class ComplaintsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reported: ReportedContent,
    private readonly realtime: Realtime,
  ) {}

  /**
   * Stores a complaint. A member is known by the session; a visitor gives a name and an e-mail
   * address to be answered at. What it is about must exist and be visible to the reporter (404
   * not_found otherwise, as for any other read); a snapshot of it is kept for staff.
   */
  async create(
    viewer: Viewer,
    input: ComplaintRequest,
    meta: { ip?: string },
  ): Promise<{ id: number }> {
    const contact = viewer ? { name: null, email: null } : this.contact(input);
    const target = await this.target(viewer, input);
    const complaint = await this.prisma.complaint.create({
      data: {
        about: input.about,
        reporterId: viewer?.userId ?? null,
        ...contact,
        reporterIp: meta.ip?.slice(0, 45) ?? null,
        reportedUserId: target.reportedUserId,
        photoId: target.photoId,
        messageId: target.messageId,
        reportedContent: (target.snapshot ?? undefined) as Prisma.InputJsonValue | undefined,
        subject: input.subject,
        message: input.message,
      },
      select: { id: true },
    });
    // the consoles' inboxes reload
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
    return { id: complaint.id };
  }

  /** A visitor's name and address: both needed (complaint_contact_required on the missing one). */
  private contact(input: ComplaintRequest): { name: string; email: string } {
    const name = input.name?.trim() ?? '';
    if (!name) throw new AppError('complaint_contact_required', {}, 'name');
    if (!input.email?.trim()) throw new AppError('complaint_contact_required', {}, 'email');
    return { name, email: normalizeEmail(input.email) };
  }

  private async target(viewer: Viewer, input: ComplaintRequest): Promise<Target> {
    if (input.about === 'site') return SITE;
    if (input.member === undefined) {
      throw new AppError('complaint_target_required', {}, 'member');
    }
    if (input.about === 'member') {
      const member = await this.reported.member(viewer, input.member);
      return {
        reportedUserId: member.userId,
        photoId: null,
        messageId: null,
        snapshot: { kind: 'member', ...head(member), about: member.about },
      };
    }
    if (input.about === 'photo') {
      if (input.photo === undefined) throw new AppError('complaint_target_required', {}, 'photo');
      const { member, photo } = await this.reported.photo(viewer, input.member, input.photo);
      return {
        reportedUserId: member.userId,
        photoId: photo.id,
        messageId: null,
        snapshot: {
          kind: 'photo',
          ...head(member),
          photo_id: photo.id,
          filename: photo.filename,
          thumb_filename: photo.thumbFilename,
          status: photo.status,
        },
      };
    }
    if (input.message_id === undefined) {
      throw new AppError('complaint_target_required', {}, 'message_id');
    }
    // a message the reported member sent in a conversation the reporter takes part in
    if (!viewer) throw new AppError('not_found');
    const member = await this.reported.member(viewer, input.member);
    const message = await this.prisma.message.findFirst({
      where: {
        id: input.message_id,
        senderId: member.userId,
        conversation: { participants: { some: { userId: viewer.userId } } },
      },
      select: { id: true, type: true, body: true, imageFilename: true, createdAt: true },
    });
    if (!message) throw new AppError('not_found');
    return {
      reportedUserId: member.userId,
      photoId: null,
      messageId: message.id,
      snapshot: {
        kind: 'message',
        ...head(member),
        message_id: message.id,
        type: message.type,
        text: message.body,
        image_filename: message.imageFilename,
        sent_at: message.createdAt.toISOString(),
      },
    };
  }

  /** For staff: complaints newest first, optionally of one status, a page at a time. */
  async list(viewer: Viewer, query: StaffComplaintsQuery): Promise<StaffComplaintsResponse> {
    const rows = await this.prisma.complaint.findMany({
      where: {
        ...(query.status ? { status: query.status } : {}),
        ...(query.before ? { id: { lt: query.before } } : {}),
      },
      orderBy: { id: 'desc' },
      take: STAFF_COMPLAINTS_PAGE + 1,
      select: {
        id: true,
        about: true,
        status: true,
        createdAt: true,
        reporterId: true,
        name: true,
        email: true,
        reportedUserId: true,
        photoId: true,
        messageId: true,
        reportedContent: true,
        subject: true,
        message: true,
      },
    });
    const page = rows.slice(0, STAFF_COMPLAINTS_PAGE);
    const userIds = new Set<number>();
    for (const row of page) {
      if (row.reporterId) userIds.add(row.reporterId);
      if (row.reportedUserId) userIds.add(row.reportedUserId);
    }
    const names = await this.reported.staffNames(viewer, [...userIds]);
    const complaints = page.map((row): StaffComplaint => ({
      id: row.id,
      about: row.about,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      reporter: row.reporterId
        ? { id: row.reporterId, name: names.get(row.reporterId)?.name ?? null, email: null }
        : { id: null, name: row.name, email: row.email },
      reported_member: row.reportedUserId
        ? {
            user_id: row.reportedUserId,
            profile_id: names.get(row.reportedUserId)?.profileId ?? null,
            name: names.get(row.reportedUserId)?.name ?? null,
          }
        : null,
      photo_id: row.photoId,
      message_id: row.messageId,
      reported_content: reportedContent.safeParse(row.reportedContent).data ?? null,
      subject: row.subject,
      message: row.message,
    }));
    return {
      complaints,
      next_before: rows.length > STAFF_COMPLAINTS_PAGE ? page[page.length - 1].id : null,
    };
  }
}

function head(member: ReportedMember) {
  return { profile_id: member.profileId, name: member.name };
}
