import { Injectable } from '@nestjs/common';
import {
  PHOTO_REASON_GROUNDS,
  type InspectionPhoto,
  type InspectionStats,
  type PhotoStatus,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { InspectionReads, type Viewer } from '../member-access';
import { PhotoScreening } from '../photo-screening';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';
import { AuditLog } from '../staff';
import { Statements } from '../statement-writer';
import type { DecisionRow } from './decisions';
import { claimEnd } from './decisions';
import { InspectionRunner, type Decided } from './inspection-runner';
import { InspectionClaims, type LockedPhoto } from './claims';

/** What a photo decision keeps for its undo. */
type PhotoBefore = {
  status: PhotoStatus;
  rejected_reason: string | null;
  moderated_by_id: number | null;
  moderated_at: string | null;
  main_photo_id: number | null;
};

/**
 * Photo inspection (see InspectionRunner for the queue, claim, decisions and undo). Approve:
 * the photo becomes active (and the main photo when the profile has no active one). Reject:
 * the member sees the reason; a rejected main photo is replaced by another one. A decided photo
 * may be decided otherwise (an approved one taken down, a rejected one approved after all).
 * A photo rejected for abuse leaves its perceptual hash (photo-screening/), and its undo or an
 * approval after all takes it away again.
 */
@Injectable()
export class PhotoInspection extends InspectionRunner<'photo'> {
  protected readonly kind = 'photo';
  protected readonly staffQueue = 'photos';
  protected readonly memberEvent = 'photos:changed';
  protected readonly decided = { approve: 'active', reject: 'rejected' } as const;
  protected readonly errorField = 'photo';

  constructor(
    prisma: PrismaService,
    reads: InspectionReads,
    claims: InspectionClaims,
    audit: AuditLog,
    realtime: Realtime,
    statements: Statements,
    private readonly screening: PhotoScreening,
  ) {
    super(prisma, reads, claims, audit, realtime, statements);
  }

  protected show(viewer: Viewer, id: number, now: Date) {
    return this.reads.photoForInspection(viewer, id, now);
  }

  protected answer(photo: InspectionPhoto | null, stats: InspectionStats) {
    return { photo, stats };
  }

  protected lock(tx: Prisma.TransactionClient, id: number) {
    return this.claims.lockPhoto(tx, id);
  }

  protected decidable(photo: LockedPhoto, action: Decided['action']): boolean {
    return photo.status !== this.decided[action];
  }

  protected subjectType(): string {
    return 'photo';
  }

  protected override afterDecision(
    tx: Prisma.TransactionClient,
    photo: LockedPhoto,
    decision: Decided & { id: bigint },
  ) {
    return this.screening.decided(tx, photo, decision);
  }

  protected async statementOf(
    tx: Prisma.TransactionClient,
    photo: LockedPhoto,
    reason: string | null,
  ) {
    return {
      kind: 'photo_rejected' as const,
      item: 'photo' as const,
      itemId: photo.id,
      ground: PHOTO_REASON_GROUNDS[reason as keyof typeof PHOTO_REASON_GROUNDS] ?? 'house_rules',
      itemAt: photo.createdAt,
      ref: { photoId: photo.id },
      // the pre-screening flagged it (a high risk, or a match of a photo rejected for abuse)
      automatedDetection: await this.screening.flagged(tx, photo.id),
    };
  }

  protected async apply(tx: Prisma.TransactionClient, photo: LockedPhoto, decision: Decided) {
    const status = this.decided[decision.action];
    await tx.photo.updateMany({
      where: { id: photo.id },
      data: {
        status,
        rejectedReason: decision.reason,
        moderatedById: decision.staffId,
        moderatedAt: decision.now,
        claimedById: null,
        claimedUntil: null,
      },
    });
    const mainPhotoId = mainAfter(photo, status);
    await this.setMain(tx, photo, mainPhotoId);
    const record: PhotoBefore = {
      status: photo.status,
      rejected_reason: photo.rejectedReason,
      moderated_by_id: photo.moderatedById,
      moderated_at: photo.moderatedAt?.toISOString() ?? null,
      main_photo_id: photo.mainPhotoId,
    };
    return {
      record,
      before: { status: photo.status, main_photo_id: photo.mainPhotoId },
      after: { status, main_photo_id: mainPhotoId },
    };
  }

  /** The photo waits again with the state it had (reason, main photo) put back. */
  protected async revert(
    tx: Prisma.TransactionClient,
    photo: LockedPhoto,
    decision: DecisionRow,
    staffId: number,
    now: Date,
  ) {
    const before = decision.before as PhotoBefore;
    await this.screening.undone(tx, photo.id);
    await tx.photo.updateMany({
      where: { id: photo.id },
      data: {
        status: before.status,
        rejectedReason: before.rejected_reason,
        moderatedById: before.moderated_by_id,
        moderatedAt: before.moderated_at ? new Date(before.moderated_at) : null,
        claimedById: staffId,
        claimedUntil: claimEnd(now),
      },
    });
    const mainBefore =
      before.main_photo_id !== null && photo.photos.some((p) => p.id === before.main_photo_id)
        ? before.main_photo_id
        : photo.mainPhotoId;
    await this.setMain(tx, photo, mainBefore);
    return {
      before: { status: photo.status, main_photo_id: photo.mainPhotoId },
      after: { status: before.status, main_photo_id: mainBefore },
    };
  }

  private async setMain(tx: Prisma.TransactionClient, photo: LockedPhoto, main: number | null) {
    if (main === photo.mainPhotoId) return;
    await tx.profile.updateMany({ where: { id: photo.profileId }, data: { mainPhotoId: main } });
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
