import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Likes, swipes and blocks, given and received (the discovery features take these over). */
@Injectable()
@Purges()
export class RelationsPurge implements PurgeStep {
  readonly covers = {
    'likes.liker_id': 'delete',
    'likes.liked_id': 'delete',
    'swipe_decisions.swiper_id': 'delete',
    'swipe_decisions.swiped_id': 'delete',
    'blocks.blocker_id': 'delete',
    'blocks.blocked_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.like.deleteMany({ where: { OR: [{ likerId: userId }, { likedId: userId }] } });
    await tx.block.deleteMany({ where: { OR: [{ blockerId: userId }, { blockedId: userId }] } });
    await tx.swipeDecision.deleteMany({
      where: { OR: [{ swiperId: userId }, { swipedId: userId }] },
    });
  }
}
