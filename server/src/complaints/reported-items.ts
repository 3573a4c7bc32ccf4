import { Injectable } from '@nestjs/common';
import type { LiveContent } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Complaint, Prisma } from '../generated/prisma/client';
import { ModeratedContent, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import type { StaffPrincipal } from '../staff';
import { lockMessageStatement, type LockedMessageRow } from './complaints.sql';
import { hideAbout, hidePhoto } from './hiding';

/** What a complaint points at: its subject and the reported member, photo or message. */
export interface ReportedItemRef {
  about: string;
  reportedUserId: number | null;
  photoId: number | null;
  messageId: number | null;
}

/**
 * The item a complaint reports (a message, a photo, a member's about text): how it is now, as
 * members see it, hidden by staff (with what it held) or gone; and taking it away from the
 * members, keeping what it held in a staff-only record (hidden_content).
 */
@Injectable()
export class ReportedItems {
  constructor(
    private readonly prisma: PrismaService,
    private readonly content: ModeratedContent,
  ) {}

  /** The reported item now: as members see it, hidden by staff (what it held), or gone. */
  async live(viewer: Viewer, row: ReportedItemRef): Promise<LiveContent | null> {
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

  /** Takes the reported item away from the members; returns the staff-only record's id. */
  async hide(
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
      const rows = await queryRows<LockedMessageRow>(tx, lockMessageStatement(complaint.messageId));
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
      const filename = await hidePhoto(tx, complaint.photoId, staff.userId);
      if (filename === null) throw new AppError('complaint_action_unavailable');
      const row = await tx.hiddenContent.create({
        data: { ...base, kind: 'photo', photoId: complaint.photoId, imageFilename: filename },
        select: { id: true },
      });
      return row.id;
    }
    if (complaint.about === 'member') {
      const about = await hideAbout(tx, base.userId);
      if (about === null) throw new AppError('complaint_action_unavailable');
      const row = await tx.hiddenContent.create({
        data: { ...base, kind: 'about', text: about },
        select: { id: true },
      });
      return row.id;
    }
    throw new AppError('complaint_action_unavailable');
  }
}

function removed(kind: LiveContent['kind']): LiveContent {
  return { kind, state: 'removed', text: null, photo: null };
}
