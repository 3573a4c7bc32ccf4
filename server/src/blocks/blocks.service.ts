import { Injectable } from '@nestjs/common';
import type { BlocksResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { BlockList, ProfileTargets, type Viewer } from '../member-access';

/**
 * Blocks (SPEC point 6): a blocked member cannot see the blocker's profile or contact them in
 * any way. The rule itself lives in member-access (visibility.ts), so every read of members,
 * and later search, likes, chat and realtime events, inherit it; this service only records them.
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly targets: ProfileTargets,
    private readonly blockList: BlockList,
  ) {}

  /** Blocks the member of a profile the viewer can open; blocking twice keeps one block. */
  async block(viewer: NonNullable<Viewer>, profileId: number): Promise<void> {
    const { userId } = await this.targets.openable(viewer, profileId);
    if (userId === viewer.userId) throw new AppError('cannot_block_self', {}, 'member');
    await this.prisma.block.upsert({
      where: { blockerId_blockedId: { blockerId: viewer.userId, blockedId: userId } },
      create: { blockerId: viewer.userId, blockedId: userId },
      update: {},
    });
  }

  /** Lifts the viewer's block of a member (none: nothing to do). */
  async unblock(viewer: NonNullable<Viewer>, profileId: number): Promise<void> {
    const { userId } = await this.targets.openable(viewer, profileId);
    await this.prisma.block.deleteMany({ where: { blockerId: viewer.userId, blockedId: userId } });
  }

  async list(viewer: NonNullable<Viewer>): Promise<BlocksResponse> {
    const blocked = await this.blockList.blockedBy(viewer.userId);
    return {
      blocked: blocked.map((b) => ({
        id: b.id,
        name: b.name,
        blocked_at: b.blockedAt.toISOString(),
      })),
    };
  }
}
