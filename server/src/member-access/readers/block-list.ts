import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';

/** The blocks feature's settings list: the members a member blocked. */
@Injectable()
export class BlockList {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The members this member blocked, newest first: their own page stays open to the blocker;
   * accounts that are gone (deleted, purged, banned) are left out.
   */
  async blockedBy(userId: number): Promise<{ id: number; name: string; blockedAt: Date }[]> {
    const blocks = await this.prisma.block.findMany({
      where: { blockerId: userId, blocked: { status: { in: ['confirmed', 'not_confirmed'] } } },
      orderBy: { createdAt: 'desc' },
      select: {
        createdAt: true,
        blocked: { select: { profile: { select: { id: true, name: true } } } },
      },
    });
    return blocks.flatMap((block) =>
      block.blocked.profile
        ? [
            {
              id: block.blocked.profile.id,
              name: block.blocked.profile.name,
              blockedAt: block.createdAt,
            },
          ]
        : [],
    );
  }
}
