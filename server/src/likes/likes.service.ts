import { Injectable } from '@nestjs/common';
import type { AutoLikeResponse, LikeResponse, LikesResponse } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { LikesPage, ProfileTargets, type Viewer } from '../member-access';
import { Realtime } from '../realtime';
import { Notifier } from '../notifications';

/**
 * Liking from a profile page: a like is one row per pair (liking twice stores one like) and
 * only for a member the viewer may contact (blocks and invisible mode: member-access). A match
 * is two likes in opposite directions. A received like is new (SPEC like_new) until the liked
 * member opens the liker's profile. The lists show only members a list may show the viewer
 * (member-access, purpose `list`): likes of invisible, blocked, deleted or banned members stay
 * stored but are left out.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly targets: ProfileTargets,
    private readonly likesPage: LikesPage,
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
  ) {}

  async like(viewer: NonNullable<Viewer>, profileId: number): Promise<LikeResponse> {
    const { userId } = await this.targets.contactable(viewer, profileId);
    const { count } = await this.prisma.like.createMany({
      data: [{ likerId: viewer.userId, likedId: userId, source: 'profile' }],
      skipDuplicates: true,
    });
    this.realtime.toMembers([viewer.userId, userId], 'likes:changed');
    // a new like (not one liked again) may be mailed or pushed to the liked member
    if (count > 0)
      void this.notifier.notify({ kind: 'like', recipientId: userId, actorId: viewer.userId });
    return { liked: true, match: await this.likes(userId, viewer.userId) };
  }

  async unlike(viewer: NonNullable<Viewer>, profileId: number): Promise<LikeResponse> {
    const { userId } = await this.targets.openable(viewer, profileId);
    const { count } = await this.prisma.like.deleteMany({
      where: { likerId: viewer.userId, likedId: userId },
    });
    if (count > 0) this.realtime.toMembers([viewer.userId, userId], 'likes:changed');
    return { liked: false, match: false };
  }

  /**
   * GET /api/likes.php: given likes newest first, received ones new first then newest, the cards
   * of every visible member in them, and how many received likes are still new.
   */
  async list(viewer: NonNullable<Viewer>, now = new Date()): Promise<LikesResponse> {
    // one prepared statement: the likes and the cards (member-access, the `list` rule)
    const { likes: rows, cards } = await this.likesPage.likesOf(viewer, now);
    const given = rows
      .filter((like) => like.likerId === viewer.userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.likedId - a.likedId);
    const received = rows
      .filter((like) => like.likedId === viewer.userId)
      .sort(
        (a, b) =>
          Number(b.isNew) - Number(a.isNew) ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          b.likerId - a.likerId,
      );
    const likes = given.flatMap((like) => {
      const card = cards.get(like.likedId);
      return card ? [{ id: card.id, created_at: like.createdAt.toISOString() }] : [];
    });
    const likedBy = received.flatMap((like) => {
      const card = cards.get(like.likerId);
      return card
        ? [{ id: card.id, like_new: like.isNew, created_at: like.createdAt.toISOString() }]
        : [];
    });
    return {
      profiles: [...cards.values()],
      likes,
      liked_by: likedBy,
      new_likes: likedBy.filter((like) => like.like_new).length,
    };
  }

  /**
   * GET /api/auto-like.php: the newest received like still marked new whose liker a list may
   * show the viewer, for the Match / New like modal (null when none); `match` when the viewer
   * likes them back.
   */
  async autoLike(viewer: NonNullable<Viewer>, now = new Date()): Promise<AutoLikeResponse> {
    const fresh = await this.prisma.like.findMany({
      where: { likedId: viewer.userId, isNew: true },
      orderBy: [{ createdAt: 'desc' }, { likerId: 'desc' }],
      select: { likerId: true },
    });
    const cards = await this.likesPage.listedCards(
      viewer,
      fresh.map((like) => like.likerId),
      now,
    );
    const first = fresh.find((like) => cards.has(like.likerId));
    if (!first) return { profile: null };
    const card = cards.get(first.likerId)!;
    return {
      profile: {
        id: card.id,
        name: card.name,
        fictional: card.fictional,
        main_image: card.main_image,
        match: await this.likes(viewer.userId, first.likerId),
      },
    };
  }

  /**
   * The viewer opened a profile: a like its member gave the viewer is no longer new (SPEC:
   * opening a profile clears its new flag). Nothing happens for visitors or without a like.
   */
  async markSeen(viewer: Viewer, profileId: number): Promise<void> {
    if (!viewer) return;
    const { count } = await this.prisma.like.updateMany({
      where: { likedId: viewer.userId, isNew: true, liker: { profile: { id: profileId } } },
      data: { isNew: false },
    });
    // the new-likes badge of every tab
    if (count > 0) this.realtime.toMember(viewer.userId, 'likes:changed');
  }

  private async likes(likerId: number, likedId: number): Promise<boolean> {
    const found = await this.prisma.like.count({ where: { likerId, likedId } });
    return found > 0;
  }
}
