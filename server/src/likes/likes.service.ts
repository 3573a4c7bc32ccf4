import { Injectable } from '@nestjs/common';
import type { AutoLikeResponse, LikeResponse, LikesResponse, MemberResponse } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { ReadPool } from '../prisma/read-pool';
import { LikesPage, ProfileTargets, type Viewer } from '../member-access';
import { Realtime } from '../realtime';
import { Notifier } from '../notifications';
import { SettingsService, seesWho } from '../settings';

/**
 * Liking from a profile page: a like is one row per pair (liking twice stores one like) and
 * only for a member the viewer may contact (blocks and invisible mode: member-access). A match
 * is two likes in opposite directions. A received like is new (SPEC like_new) until the liked
 * member opens the liker's profile. The lists show only members a list may show the viewer
 * (member-access, purpose `list`): likes of invisible, blocked, deleted or banned members stay
 * stored but are left out. Who liked the viewer is shown to premium members; a free member sees
 * it only while the site setting free_members_see_likes is `everything`, and otherwise how many
 * and when (blurred cards), with the likers' ids, names and photos left out of every answer,
 * except a liker the viewer likes too (a match: the like's own answer already said so).
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ReadPool,
    private readonly targets: ProfileTargets,
    private readonly likesPage: LikesPage,
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
    private readonly settings: SettingsService,
  ) {}

  /** Whether the viewer may see who liked them (premium, or the site shows it to everyone). */
  async likersShown(viewer: NonNullable<Viewer>): Promise<boolean> {
    return seesWho('likes', viewer, await this.settings.stored());
  }

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
    const [{ likes: rows, cards }, shown] = await Promise.all([
      this.likesPage.likesOf(viewer, now),
      this.likersShown(viewer),
    ]);
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
    // a liker is named when the viewer sees likers, or likes them too (a match)
    const liked = new Set(given.map((like) => like.likedId));
    const named = (userId: number) => shown || liked.has(userId);
    const likedBy = received.flatMap((like) => {
      const card = cards.get(like.likerId);
      if (!card) return [];
      return [
        {
          id: named(like.likerId) ? card.id : null,
          like_new: like.isNew,
          created_at: like.createdAt.toISOString(),
        },
      ];
    });
    return {
      // only the cards the lists name: a hidden liker's card never leaves the server
      profiles: [...cards].filter(([userId]) => named(userId)).map(([, card]) => card),
      likes,
      liked_by: likedBy,
      new_likes: likedBy.filter((like) => like.like_new).length,
      likers_shown: shown,
    };
  }

  /**
   * A profile page as this viewer may have it: whether its member likes the viewer is left out
   * (false) for a free member who may not see likers, unless the viewer likes them too (a match).
   */
  async withLikerHidden(viewer: Viewer, page: MemberResponse): Promise<MemberResponse> {
    const relation = page.profile.relation;
    if (!viewer || !relation?.liked_by || relation.liked || (await this.likersShown(viewer))) {
      return page;
    }
    return { ...page, profile: { ...page.profile, relation: { ...relation, liked_by: false } } };
  }

  /**
   * GET /api/auto-like.php: the newest received like still marked new whose liker a list may
   * show the viewer, for the Match / New like modal (null when none); `match` when the viewer
   * likes them back. A free member who may not see likers is shown only a match (a like from a
   * member they like too); a newer like from anyone else is only `hidden_like` (someone, not who).
   */
  async autoLike(viewer: NonNullable<Viewer>, now = new Date()): Promise<AutoLikeResponse> {
    const [fresh, shown] = await Promise.all([
      this.prisma.like.findMany({
        where: { likedId: viewer.userId, isNew: true },
        orderBy: [{ createdAt: 'desc' }, { likerId: 'desc' }],
        select: { likerId: true },
      }),
      this.likersShown(viewer),
    ]);
    const cards = await this.likesPage.listedCards(
      viewer,
      fresh.map((like) => like.likerId),
      now,
    );
    const listed = fresh.filter((like) => cards.has(like.likerId));
    if (listed.length === 0) return { profile: null, hidden_like: false };
    const liked = new Set(
      (
        await this.prisma.like.findMany({
          where: { likerId: viewer.userId, likedId: { in: listed.map((like) => like.likerId) } },
          select: { likedId: true },
        })
      ).map((like) => like.likedId),
    );
    const first = shown ? listed[0] : listed.find((like) => liked.has(like.likerId));
    if (!first) return { profile: null, hidden_like: true };
    const card = cards.get(first.likerId)!;
    return {
      profile: {
        id: card.id,
        name: card.name,
        fictional: card.fictional,
        main_image: card.main_image,
        match: liked.has(first.likerId),
      },
      hidden_like: false,
    };
  }

  /**
   * The viewer opened a profile: a like its member gave the viewer is no longer new (SPEC:
   * opening a profile clears its new flag). Nothing happens for visitors or without a like.
   */
  async markSeen(viewer: Viewer, profileId: number): Promise<void> {
    if (!viewer) return;
    // a write on a GET: the viewer's likes page (the read pool) must see it at once
    await this.reads.markWrite(viewer.userId);
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
