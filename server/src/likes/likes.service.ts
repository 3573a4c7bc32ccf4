import { Injectable } from '@nestjs/common';
import type { LikeResponse } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { MemberAccess, type Viewer } from '../member-access';

/**
 * Liking from a profile page: a like is one row per pair (liking twice stores one like) and
 * only for a member the viewer may contact (blocks and invisible mode: member-access). A match
 * is two likes in opposite directions. (The discovery work adds the likes lists, the new flag,
 * the swipe game and auto-like on top of this.)
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly access: MemberAccess,
  ) {}

  async like(viewer: NonNullable<Viewer>, profileId: number): Promise<LikeResponse> {
    const { userId } = await this.access.contactTarget(viewer, profileId);
    await this.prisma.like.createMany({
      data: [{ likerId: viewer.userId, likedId: userId, source: 'profile' }],
      skipDuplicates: true,
    });
    return { liked: true, match: await this.likes(userId, viewer.userId) };
  }

  async unlike(viewer: NonNullable<Viewer>, profileId: number): Promise<LikeResponse> {
    const { userId } = await this.access.cardTarget(viewer, profileId);
    await this.prisma.like.deleteMany({ where: { likerId: viewer.userId, likedId: userId } });
    return { liked: false, match: false };
  }

  private async likes(likerId: number, likedId: number): Promise<boolean> {
    const found = await this.prisma.like.count({ where: { likerId, likedId } });
    return found > 0;
  }
}
