import { Injectable } from '@nestjs/common';
import {
  TEXT_REASON_GROUNDS,
  type InspectionStats,
  type InspectionText,
  type ReviewedTextField,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import type { Viewer } from '../member-access';
import { claimEnd, type DecisionRow } from './decisions';
import { InspectionRunner, type Decided } from './inspection-runner';
import type { LockedText } from './claims';

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
    // the owner's own change is shown at once: a held text (the signup text) is held no longer
    await tx.profileTextReview.update({ where: { id: waiting.id }, data: { text, held: false } });
  }
  return true;
}

/**
 * Queues a text that is not shown until a moderator approves it, in the caller's transaction:
 * the signup text, which approval makes the profile's first about text (the profile shows no
 * about text meanwhile; its owner sees that it waits). Empty: nothing to review.
 */
export async function holdTextForReview(
  tx: Prisma.TransactionClient,
  profileId: number,
  field: ReviewedTextField,
  text: string | null | undefined,
): Promise<boolean> {
  if (!text?.trim()) return false;
  await tx.profileTextReview.create({
    data: { profileId, field, previous: null, text, held: true },
  });
  return true;
}

/**
 * Profile text review: the same queue, claim, decisions and undo as photos (InspectionRunner).
 * Only a waiting text is decided. A rejection puts the previous (approved) text back if the
 * profile still shows the reviewed one; its undo shows the reviewed text again. A held text
 * (the signup text) is shown by its approval, and hidden again by that approval's undo.
 */
@Injectable()
export class TextInspection extends InspectionRunner<'text'> {
  protected readonly kind = 'text';
  protected readonly staffQueue = 'texts';
  protected readonly memberEvent = 'profile:changed';
  protected readonly decided = { approve: 'approved', reject: 'rejected' } as const;
  protected readonly errorField = undefined;

  protected show(viewer: Viewer, id: number, now: Date) {
    return this.reads.textForInspection(viewer, id, now);
  }

  protected answer(text: InspectionText | null, stats: InspectionStats) {
    return { text, stats };
  }

  protected lock(tx: Prisma.TransactionClient, id: number) {
    return this.claims.lockText(tx, id);
  }

  protected decidable(review: LockedText): boolean {
    return review.status === 'waiting';
  }

  protected subjectType(review: LockedText): string {
    return `profile.${review.field}`;
  }

  protected async statementOf(
    tx: Prisma.TransactionClient,
    review: LockedText,
    reason: string | null,
  ) {
    const row = await tx.profileTextReview.findUnique({
      where: { id: review.id },
      select: { createdAt: true },
    });
    return {
      kind: 'text_rejected' as const,
      item: review.field === 'name' ? ('profile_name' as const) : ('profile_about' as const),
      itemId: review.profileId,
      ground: TEXT_REASON_GROUNDS[reason as keyof typeof TEXT_REASON_GROUNDS] ?? 'house_rules',
      itemAt: row?.createdAt ?? null,
      ref: { reviewId: review.id },
    };
  }

  protected async apply(tx: Prisma.TransactionClient, review: LockedText, decision: Decided) {
    const status = this.decided[decision.action];
    // a rejected text is taken down if the profile still shows it
    const restore = decision.action === 'reject' && (review.current ?? '') === (review.text ?? '');
    // an approved held text is shown if the profile still shows what it had before
    const shown =
      decision.action === 'approve' &&
      review.held &&
      (review.current ?? '') === (review.previous ?? '');
    await tx.profileTextReview.update({
      where: { id: review.id },
      data: {
        status,
        reason: decision.reason,
        decidedById: decision.staffId,
        decidedAt: decision.now,
        claimedById: null,
        claimedUntil: null,
      },
    });
    if (restore) await this.showText(tx, review, review.previous);
    if (shown) await this.showText(tx, review, review.text);
    const after = restore ? review.previous : shown ? review.text : review.current;
    return {
      record: { status: review.status, restored: restore, shown },
      before: { status: review.status, [review.field]: review.current },
      after: { status, [review.field]: after },
    };
  }

  /** The review waits again; a text the rejection took down is shown again. */
  protected async revert(
    tx: Prisma.TransactionClient,
    review: LockedText,
    decision: DecisionRow,
    staffId: number,
    now: Date,
  ) {
    const record = decision.before as { restored?: boolean; shown?: boolean };
    const putBack = record.restored === true && (review.current ?? '') === (review.previous ?? '');
    // an approval that showed a held text: hidden again while it waits (unless changed since)
    const takeDown = record.shown === true && (review.current ?? '') === (review.text ?? '');
    await tx.profileTextReview.update({
      where: { id: review.id },
      data: {
        status: 'waiting',
        reason: null,
        decidedById: null,
        decidedAt: null,
        claimedById: staffId,
        claimedUntil: claimEnd(now),
      },
    });
    if (putBack) await this.showText(tx, review, review.text);
    if (takeDown) await this.showText(tx, review, review.previous);
    const after = putBack ? review.text : takeDown ? review.previous : review.current;
    return {
      before: { status: review.status, [review.field]: review.current },
      after: { status: 'waiting', [review.field]: after },
    };
  }

  /** Sets the profile's field (name, about) to `value`. */
  private async showText(tx: Prisma.TransactionClient, review: LockedText, value: string | null) {
    await tx.profile.updateMany({
      where: { id: review.profileId },
      data: review.field === 'name' ? { name: value ?? '' } : { about: value },
    });
  }
}
