import { Injectable } from '@nestjs/common';
import { Exports, type ExportContext, type ExportPart, type ExportStep } from '../export-steps';
import { LikesPage } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';

/** Likes (likes.json), swipes (swipes.json) and blocks (blocks.json) the member gave. */
@Injectable()
@Exports()
export class RelationsExport implements ExportStep {
  readonly covers = {
    'likes.liker_id': 'file: likes.json',
    'likes.liked_id':
      'file: likes.json; only the likes received that the likes page shows (its `list` rule on the liker, LikesPage.receivedListed): a like from a member who blocked the member or was blocked, browses invisibly or whose profile is hidden or gone is left out, with its liker (GDPR art. 15(4)); and, as on the page, the liker only where the member may see who liked them (premium, free_members_see_likes `everything`, or a match), else likerId null',
    'swipe_decisions.swiper_id': 'file: swipes.json',
    'swipe_decisions.swiped_id':
      "omit: other members' private choices about the member (GDPR art. 15(4))",
    'blocks.blocker_id': 'file: blocks.json',
    'blocks.blocked_id': "omit: another member's private choice (GDPR art. 15(4))",
  } as const;

  constructor(
    private readonly prisma: PrismaService,
    private readonly likes: LikesPage,
  ) {}

  async collect(userId: number, context: ExportContext): Promise<ExportPart> {
    return {
      json: {
        'likes.json': await this.likesExport(userId, context.likersShown),
        'swipes.json': await this.prisma.swipeDecision.findMany({
          where: { swiperId: userId },
          select: { swipedId: true, choice: true, createdAt: true },
        }),
        'blocks.json': await this.prisma.block.findMany({
          where: { blockerId: userId },
          select: { blockedId: true, createdAt: true },
        }),
      },
    };
  }

  /**
   * likes.json: the likes given, and the received ones as the likes page shows them (the others
   * are another member's choice: `covers`), their likers named only as the page names them.
   */
  private async likesExport(userId: number, likersShown: boolean) {
    const given = await this.prisma.like.findMany({
      where: { likerId: userId },
      select: { likedId: true, source: true, createdAt: true },
    });
    const liked = new Set(given.map((like) => like.likedId));
    const received = (await this.likes.receivedListed(userId)).map((like) =>
      likersShown || liked.has(like.likerId) ? like : { ...like, likerId: null },
    );
    return { given, received };
  }
}
