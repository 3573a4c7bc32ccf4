import { Injectable } from '@nestjs/common';
import type { Prisma, Statement } from '../generated/prisma/client';
import { BansService, restorePhoto } from '../complaints';
import type { StaffPrincipal } from '../staff';

type Tx = Prisma.TransactionClient;

/**
 * Undoes a decision an appeal reversed, inside the appeal's transaction: the rejected photo is
 * shown again, the rejected text approved (and shown when the profile still has the text it fell
 * back to), hidden content put back, the ban lifted (BansService.unbanIn, the unban path). A
 * warning has nothing to undo: its statement is marked reversed. What changed since (the photo
 * deleted, the member already unbanned) is left as it is.
 */
@Injectable()
export class Reversals {
  constructor(private readonly bans: BansService) {}

  async reverse(
    tx: Tx,
    staff: StaffPrincipal,
    statement: Statement,
    reason: string,
    ip?: string,
  ): Promise<Record<string, unknown>> {
    const ref = (statement.ref ?? {}) as Record<string, number>;
    switch (statement.kind) {
      case 'photo_rejected':
        return this.showPhoto(tx, staff, statement.itemId);
      case 'text_rejected':
        return this.approveText(tx, staff, ref.reviewId);
      case 'content_hidden':
        return this.unhide(tx, ref.hiddenId);
      case 'ban': {
        const user = await tx.user.findUnique({
          where: { id: statement.userId },
          select: { status: true },
        });
        if (user?.status !== 'banned') return { ban: 'not banned any more' };
        await this.bans.unbanIn(tx, staff, { userId: statement.userId, reason, ip });
        return { ban: 'lifted' };
      }
      case 'badge_withdrawn':
        return this.giveBadgeBack(tx, statement);
      default:
        return {};
    }
  }

  private async giveBadgeBack(tx: Tx, statement: Statement) {
    const ref = (statement.ref ?? {}) as { profileId?: number; verifiedAt?: string };
    if (ref.profileId === undefined) return {};
    const given = await tx.profile.updateMany({
      where: { id: ref.profileId, userId: statement.userId, fictional: false, verified: false },
      data: {
        verified: true,
        verifiedAt: ref.verifiedAt ? new Date(ref.verifiedAt) : statement.decidedAt,
      },
    });
    return { badge: given.count ? 'given back' : 'unchanged' };
  }

  private async showPhoto(tx: Tx, staff: StaffPrincipal, photoId: number | null) {
    if (photoId === null) return {};
    const shown = await restorePhoto(tx, photoId, staff.userId);
    return { photo: shown ? 'active' : 'unchanged' };
  }

  private async approveText(tx: Tx, staff: StaffPrincipal, reviewId: number | undefined) {
    if (reviewId === undefined) return {};
    const review = await tx.profileTextReview.findUnique({
      where: { id: reviewId },
      select: {
        id: true,
        status: true,
        field: true,
        text: true,
        previous: true,
        profile: { select: { id: true, name: true, about: true } },
      },
    });
    if (!review || review.status !== 'rejected') return { text: 'unchanged' };
    await tx.profileTextReview.update({
      where: { id: review.id },
      data: { status: 'approved', reason: null, decidedById: staff.userId, decidedAt: new Date() },
    });
    const current = review.field === 'name' ? review.profile.name : review.profile.about;
    // shown again only while the profile still shows what the rejection fell back to
    if ((current ?? '') === (review.previous ?? '')) {
      await tx.profile.update({
        where: { id: review.profile.id },
        data: review.field === 'name' ? { name: review.text ?? '' } : { about: review.text },
      });
      return { text: 'shown' };
    }
    return { text: 'approved' };
  }

  private async unhide(tx: Tx, hiddenId: number | undefined) {
    if (hiddenId === undefined) return {};
    const hidden = await tx.hiddenContent.findUnique({ where: { id: hiddenId } });
    if (!hidden) return { content: 'gone' };
    if (hidden.kind === 'message' && hidden.messageId !== null) {
      await tx.message.updateMany({
        where: { id: hidden.messageId },
        data: { body: hidden.text, imageFilename: hidden.imageFilename, hiddenAt: null },
      });
    } else if (hidden.kind === 'photo' && hidden.photoId !== null) {
      await tx.photo.updateMany({
        where: { id: hidden.photoId, status: 'rejected' },
        data: { status: 'active', rejectedReason: null },
      });
    } else if (hidden.kind === 'about') {
      await tx.profile.updateMany({
        where: { userId: hidden.userId, about: null },
        data: { about: hidden.text },
      });
    }
    await tx.hiddenContent.delete({ where: { id: hidden.id } });
    return { content: 'shown', kind: hidden.kind };
  }
}
