import { Injectable } from '@nestjs/common';
import type {
  InspectionDecisionResponse,
  InspectionStats,
  ReviewedTextField,
  TextNextResponse,
  TextQueueResponse,
  TextRejectReason,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { InspectionReads, staffViewerOf } from '../member-access';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { claimEnd, refuseOthersClaim, undoEnd, type DecisionRow } from './decisions';

/**
 * Records a change of a reviewed profile text (name, about) in the profile's saving
 * transaction: the new text is shown at once and waits for a moderator (one waiting review per
 * profile and field, keeping the last approved text as `previous`; a change back to it
 * withdraws the review). Returns whether the queue changed.
 */
export async function recordTextChange(
  tx: Prisma.TransactionClient,
  profileId: number,
  field: ReviewedTextField,
  previous: string | null,
  text: string | null,
): Promise<boolean> {
  if ((previous ?? '') === (text ?? '')) return false;
  const waiting = await tx.profileTextReview.findFirst({
    where: { profileId, field, status: 'waiting' },
    select: { id: true, previous: true },
  });
  if (!waiting) {
    await tx.profileTextReview.create({ data: { profileId, field, previous, text } });
  } else if ((waiting.previous ?? '') === (text ?? '')) {
    await tx.profileTextReview.update({
      where: { id: waiting.id },
      data: { status: 'withdrawn', text },
    });
  } else {
    await tx.profileTextReview.update({ where: { id: waiting.id }, data: { text } });
  }
  return true;
}

/** The profile column of a reviewed field. */
function columnOf(
  field: ReviewedTextField,
  value: string | null,
): Prisma.ProfileUpdateManyMutationInput {
  return field === 'name' ? { name: value ?? '' } : { about: value };
}

/**
 * Profile text review: the same queue, claim, decisions and undo as photos. A rejection puts
 * the previous (approved) text back if the profile still shows the reviewed one.
 */
@Injectable()
export class TextInspection {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: InspectionReads,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
  ) {}

  queue(staff: StaffPrincipal, now = new Date()): Promise<TextQueueResponse> {
    return this.reads.textQueue(staffViewerOf(staff), now);
  }

  stats(staff: StaffPrincipal): Promise<InspectionStats> {
    return this.reads.textStats(staffViewerOf(staff));
  }

  async next(
    staff: StaffPrincipal,
    exclude: number[],
    now = new Date(),
  ): Promise<TextNextResponse> {
    const viewer = staffViewerOf(staff);
    const claimed = await this.reads.claimText(viewer, exclude, now, claimEnd(now));
    const [text, stats] = await Promise.all([
      claimed ? this.reads.textForInspection(viewer, claimed.id, now) : null,
      this.reads.textStats(viewer),
    ]);
    if (claimed) this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'texts' });
    return {
      text: text && claimed ? { ...text, claimed_until: claimed.claimedUntil.toISOString() } : null,
      stats,
    };
  }

  async decide(
    staff: StaffPrincipal,
    reviewId: number,
    input: { action: 'approve' | 'reject'; reason?: TextRejectReason },
    ip?: string,
    now = new Date(),
  ): Promise<InspectionDecisionResponse> {
    const result = await this.prisma.$transaction(async (tx) => {
      const review = await this.reads.lockText(tx, reviewId);
      if (!review) throw new AppError('not_found');
      if (review.status !== 'waiting') throw new AppError('conflict');
      refuseOthersClaim(review, staff.userId, now);
      const status = input.action === 'approve' ? 'approved' : 'rejected';
      const reason = input.action === 'reject' ? (input.reason ?? null) : null;
      // a rejected text is taken down if the profile still shows it
      const restore = input.action === 'reject' && (review.current ?? '') === (review.text ?? '');
      await tx.profileTextReview.update({
        where: { id: review.id },
        data: {
          status,
          reason,
          decidedById: staff.userId,
          decidedAt: now,
          claimedById: null,
          claimedUntil: null,
        },
      });
      if (restore) {
        await tx.profile.updateMany({
          where: { id: review.profileId },
          data: columnOf(review.field, review.previous),
        });
      }
      const decision = await tx.inspectionDecision.create({
        data: {
          kind: 'text',
          subjectId: review.id,
          userId: review.userId,
          staffId: staff.userId,
          decision: input.action,
          reason,
          before: { status: review.status, restored: restore },
          decidedAt: now,
        },
        select: { id: true },
      });
      await this.audit.record(
        tx,
        staff,
        {
          action: `text.${input.action}`,
          targetUserId: review.userId,
          subjectType: `profile.${review.field}`,
          subjectId: review.id,
          before: { status: review.status, [review.field]: review.current },
          after: { status, [review.field]: restore ? review.previous : review.current },
          reason,
        },
        ip,
      );
      return { decisionId: decision.id, userId: review.userId };
    });
    this.told(result.userId);
    return {
      decision: result.decisionId.toString(),
      undo_until: undoEnd(now).toISOString(),
      stats: await this.stats(staff),
    };
  }

  /** Undoes a text decision: the review waits again, held by the caller; a taken-down text is back. */
  async undo(
    staff: StaffPrincipal,
    decision: DecisionRow,
    tx: Prisma.TransactionClient,
    ip: string | undefined,
    now: Date,
  ): Promise<number> {
    const review = await this.reads.lockText(tx, decision.subject_id);
    const decided = decision.decision === 'approve' ? 'approved' : 'rejected';
    if (!review || review.status !== decided) throw new AppError('conflict');
    const restored = (decision.before as { restored?: boolean }).restored === true;
    const putBack = restored && (review.current ?? '') === (review.previous ?? '');
    await tx.profileTextReview.update({
      where: { id: review.id },
      data: {
        status: 'waiting',
        reason: null,
        decidedById: null,
        decidedAt: null,
        claimedById: staff.userId,
        claimedUntil: claimEnd(now),
      },
    });
    if (putBack) {
      await tx.profile.updateMany({
        where: { id: review.profileId },
        data: columnOf(review.field, review.text),
      });
    }
    await this.audit.record(
      tx,
      staff,
      {
        action: 'text.undo',
        targetUserId: review.userId,
        subjectType: `profile.${review.field}`,
        subjectId: review.id,
        before: { status: review.status, [review.field]: review.current },
        after: { status: 'waiting', [review.field]: putBack ? review.text : review.current },
        reason: `undo of ${decision.decision} (decision ${decision.id})`,
      },
      ip,
    );
    return review.userId;
  }

  told(userId: number): void {
    this.realtime.toMember(userId, 'profile:changed');
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'texts' });
  }
}
