import { Injectable } from '@nestjs/common';
import type {
  InspectionDecisionResponse,
  InspectionStats,
  PhotoNextResponse,
  PhotoQueueResponse,
  PhotoStatus,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { InspectionReads, staffViewerOf, type LockedPhoto } from '../member-access';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { claimEnd, refuseOthersClaim, undoEnd, type DecisionRow } from './decisions';

export interface PhotoDecision {
  action: 'approve' | 'reject';
  /** A reason of PHOTO_REJECT_REASONS (the old photo-moderation.php route: free text). */
  reason?: string;
}

/**
 * Photo inspection: the queue (oldest first), the claim (two moderators never hold one photo),
 * approve or reject with a reason, and undo for INSPECTION_UNDO_SECONDS. Every decision and undo
 * writes an audit row in its transaction; afterwards the member's tabs reload their photos
 * (`photos:changed`) and every moderator's console its queue (`queue:changed`).
 */
@Injectable()
export class PhotoInspection {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: InspectionReads,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
  ) {}

  queue(staff: StaffPrincipal, now = new Date()): Promise<PhotoQueueResponse> {
    return this.reads.photoQueue(staffViewerOf(staff), now);
  }

  stats(staff: StaffPrincipal): Promise<InspectionStats> {
    return this.reads.photoStats(staffViewerOf(staff));
  }

  /** Claims the next photo (see the contract's photoNextResponse). */
  async next(
    staff: StaffPrincipal,
    exclude: number[],
    now = new Date(),
  ): Promise<PhotoNextResponse> {
    const viewer = staffViewerOf(staff);
    const claimed = await this.reads.claimPhoto(viewer, exclude, now, claimEnd(now));
    const [photo, stats] = await Promise.all([
      claimed ? this.reads.photoForInspection(viewer, claimed.id, now) : null,
      this.reads.photoStats(viewer),
    ]);
    if (claimed) this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'photos' });
    return {
      photo:
        photo && claimed ? { ...photo, claimed_until: claimed.claimedUntil.toISOString() } : null,
      stats,
    };
  }

  /**
   * Approve: the photo becomes active (and the main photo when the profile has no active one).
   * Reject: the member sees the reason; a rejected main photo is replaced by another one.
   * Not a photo in that state already, nor one another moderator holds (409 conflict).
   */
  async decide(
    staff: StaffPrincipal,
    photoId: number,
    input: PhotoDecision,
    ip?: string,
    now = new Date(),
  ): Promise<InspectionDecisionResponse> {
    const result = await this.prisma.$transaction(async (tx) => {
      const photo = await this.reads.lockPhoto(tx, photoId);
      if (!photo) throw new AppError('not_found', {}, 'photo');
      const status: PhotoStatus = input.action === 'approve' ? 'active' : 'rejected';
      // decided so already (a second console, a repeat): nothing to do twice. A decided photo
      // may be decided otherwise (an approved one taken down, a rejected one approved after all)
      if (photo.status === status) throw new AppError('conflict', {}, 'photo');
      refuseOthersClaim(photo, staff.userId, now);
      const reason = input.action === 'reject' ? (input.reason ?? null) : null;
      await tx.photo.updateMany({
        where: { id: photo.id },
        data: {
          status,
          rejectedReason: reason,
          moderatedById: staff.userId,
          moderatedAt: now,
          claimedById: null,
          claimedUntil: null,
        },
      });
      const mainPhotoId = mainAfter(photo, status);
      if (mainPhotoId !== photo.mainPhotoId) {
        await tx.profile.updateMany({ where: { id: photo.profileId }, data: { mainPhotoId } });
      }
      const decision = await tx.inspectionDecision.create({
        data: {
          kind: 'photo',
          subjectId: photo.id,
          userId: photo.userId,
          staffId: staff.userId,
          decision: input.action,
          reason,
          before: {
            status: photo.status,
            rejected_reason: photo.rejectedReason,
            moderated_by_id: photo.moderatedById,
            moderated_at: photo.moderatedAt?.toISOString() ?? null,
            main_photo_id: photo.mainPhotoId,
          },
          decidedAt: now,
        },
        select: { id: true },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: `photo.${input.action}`,
          targetUserId: photo.userId,
          subjectType: 'photo',
          subjectId: photo.id,
          before: { status: photo.status, main_photo_id: photo.mainPhotoId },
          after: { status, main_photo_id: mainPhotoId },
          reason,
        },
        ip,
      );
      return { decisionId: decision.id, userId: photo.userId };
    });
    this.told(result.userId);
    return {
      decision: result.decisionId.toString(),
      undo_until: undoEnd(now).toISOString(),
      stats: await this.stats(staff),
    };
  }

  /**
   * Undoes a photo decision (the caller's own, within the undo window): the photo waits again,
   * held by the caller, with the state it had (reason, main photo) put back.
   */
  async undo(
    staff: StaffPrincipal,
    decision: DecisionRow,
    tx: Prisma.TransactionClient,
    ip: string | undefined,
    now: Date,
  ): Promise<number> {
    const photo = await this.reads.lockPhoto(tx, decision.subject_id);
    const decided: PhotoStatus = decision.decision === 'approve' ? 'active' : 'rejected';
    // gone, or changed since (deleted by its owner, decided again): nothing to undo
    if (!photo || photo.status !== decided) throw new AppError('conflict');
    const before = decision.before as {
      status: PhotoStatus;
      rejected_reason: string | null;
      moderated_by_id: number | null;
      moderated_at: string | null;
      main_photo_id: number | null;
    };
    await tx.photo.updateMany({
      where: { id: photo.id },
      data: {
        status: before.status,
        rejectedReason: before.rejected_reason,
        moderatedById: before.moderated_by_id,
        moderatedAt: before.moderated_at ? new Date(before.moderated_at) : null,
        claimedById: staff.userId,
        claimedUntil: claimEnd(now),
      },
    });
    const mainBefore =
      before.main_photo_id !== null && photo.photos.some((p) => p.id === before.main_photo_id)
        ? before.main_photo_id
        : photo.mainPhotoId;
    if (mainBefore !== photo.mainPhotoId) {
      await tx.profile.updateMany({
        where: { id: photo.profileId },
        data: { mainPhotoId: mainBefore },
      });
    }
    await this.audit.record(
      tx,
      staff,
      {
        action: 'photo.undo',
        targetUserId: photo.userId,
        subjectType: 'photo',
        subjectId: photo.id,
        before: { status: photo.status, main_photo_id: photo.mainPhotoId },
        after: { status: before.status, main_photo_id: mainBefore },
        reason: `undo of ${decision.decision} (decision ${decision.id})`,
      },
      ip,
    );
    return photo.userId;
  }

  /** After a decision or undo: the member's tabs and every moderator's console. */
  told(userId: number): void {
    this.realtime.toMember(userId, 'photos:changed');
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'photos' });
  }
}

/** The profile's main photo after this photo got `status`. */
function mainAfter(photo: LockedPhoto, status: PhotoStatus): number | null {
  const after = photo.photos.map((p) => (p.id === photo.id ? { ...p, status } : p));
  const main = after.find((p) => p.id === photo.mainPhotoId);
  if (status === 'active' && main?.status !== 'active') return photo.id;
  if (status === 'rejected' && photo.mainPhotoId === photo.id) {
    const rest = after.filter((p) => p.id !== photo.id);
    return (
      rest.find((p) => p.status === 'active')?.id ??
      rest.find((p) => p.status === 'under_inspection')?.id ??
      null
    );
  }
  return photo.mainPhotoId;
}
