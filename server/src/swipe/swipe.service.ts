import { Injectable } from '@nestjs/common';
import type { SwipeDecisionResponse, SwipeResponse } from '@app/contract';
import { SWIPE_LIKES_PER_DAY } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { ADVISORY_LOCK, lockStatement } from '../prisma/advisory-locks';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { Realtime } from '../realtime';
import { Notifier } from '../notifications';
import {
  MemberLists,
  OwnProfileReads,
  PROFILE_CARD_SELECT,
  ProfileTargets,
  type Viewer,
} from '../member-access';
import { startOfAmsterdamDay } from './amsterdam-day';

/** Candidates one GET hands out. */
export const SWIPE_CANDIDATES = 10;

type Tx = Prisma.TransactionClient;
type Member = NonNullable<Viewer>;

/**
 * The swipe game (SPEC points 1 and 9): candidates are members the list rule shows (member-
 * access), of the gender the member seeks, they have not decided on or liked yet; same country
 * first, most recently active first. A like stores the decision and a like with source `swipe`
 * and costs one of SWIPE_LIKES_PER_DAY a day (Amsterdam days); decisions of one member are
 * serialised by an advisory lock, so two racing likes cannot both take the last one.
 */
@Injectable()
export class SwipeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ownProfile: OwnProfileReads,
    private readonly lists: MemberLists,
    private readonly targets: ProfileTargets,
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
  ) {}

  async candidates(viewer: Member, now = new Date()): Promise<SwipeResponse> {
    const own = await this.ownProfile.read(viewer.userId, {
      seekingGender: true,
      countryCode: true,
    });
    const undecided: Prisma.ProfileWhereInput = {
      ...(own?.seekingGender ? { gender: own.seekingGender } : {}),
      user: {
        swipedBy: { none: { swiperId: viewer.userId } },
        likesReceived: { none: { likerId: viewer.userId } },
      },
    };
    const orderBy: Prisma.ProfileOrderByWithRelationInput[] = [
      { lastActiveAt: 'desc' },
      { id: 'asc' },
    ];
    const rows = own
      ? await this.lists.find(viewer, {
          where: { AND: [undecided, { countryCode: own.countryCode }] },
          orderBy,
          take: SWIPE_CANDIDATES,
          select: PROFILE_CARD_SELECT,
        })
      : [];
    if (rows.length < SWIPE_CANDIDATES) {
      rows.push(
        ...(await this.lists.find(viewer, {
          where: own ? { AND: [undecided, { countryCode: { not: own.countryCode } }] } : undecided,
          orderBy,
          take: SWIPE_CANDIDATES - rows.length,
          select: PROFILE_CARD_SELECT,
        })),
      );
    }
    return {
      profiles: await this.lists.cards(viewer, rows, now),
      likes_left: await this.likesLeft(this.prisma, viewer.userId, now),
      likes_per_day: SWIPE_LIKES_PER_DAY,
    };
  }

  /**
   * A decision on a member the viewer may contact (404 otherwise). Deciding again on the same
   * member changes nothing; a like beyond today's limit is refused (429) and stores nothing.
   */
  async decide(
    viewer: Member,
    profileId: number,
    choice: 'like' | 'pass',
    now = new Date(),
  ): Promise<SwipeDecisionResponse> {
    const { userId: swipedId } = await this.targets.contactable(viewer, profileId);
    const swiperId = viewer.userId;
    const answer = await this.prisma.$transaction(async (tx) => {
      await executeStatement(tx, lockStatement(ADVISORY_LOCK.SWIPE, swiperId));
      const decided = await tx.swipeDecision.findUnique({
        where: { swiperId_swipedId: { swiperId, swipedId } },
        select: { choice: true },
      });
      let liked = false;
      if (!decided) {
        if (choice === 'like') liked = await this.like(tx, swiperId, swipedId, now);
        await tx.swipeDecision.create({ data: { swiperId, swipedId, choice } });
      }
      const likedBack = await tx.like.count({ where: { likerId: swipedId, likedId: swiperId } });
      const likes = await tx.like.count({ where: { likerId: swiperId, likedId: swipedId } });
      return {
        likes_left: await this.likesLeft(tx, swiperId, now),
        match: likes > 0 && likedBack > 0,
        liked,
      };
    });
    // both members' likes pages and badges change (a repeat changes nothing, and says so too)
    if (choice === 'like') this.realtime.toMembers([swiperId, swipedId], 'likes:changed');
    // a new like may be mailed or pushed to the liked member
    if (answer.liked)
      void this.notifier.notify({ kind: 'like', recipientId: swipedId, actorId: swiperId });
    return { likes_left: answer.likes_left, match: answer.match };
  }

  /** A swipe like, unless the viewer already likes the member (then it costs nothing). */
  private async like(tx: Tx, likerId: number, likedId: number, now: Date): Promise<boolean> {
    const existing = await tx.like.count({ where: { likerId, likedId } });
    if (existing > 0) return false;
    if ((await this.likesLeft(tx, likerId, now)) === 0) {
      throw new AppError('swipe_limit_reached', {
        limit: SWIPE_LIKES_PER_DAY,
        count: SWIPE_LIKES_PER_DAY,
      });
    }
    await tx.like.create({ data: { likerId, likedId, source: 'swipe' } });
    return true;
  }

  private async likesLeft(db: Tx, likerId: number, now: Date): Promise<number> {
    const used = await db.like.count({
      where: { likerId, source: 'swipe', createdAt: { gte: startOfAmsterdamDay(now) } },
    });
    return Math.max(0, SWIPE_LIKES_PER_DAY - used);
  }
}
