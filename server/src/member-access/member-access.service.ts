import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { PROFILE_CARD_SELECT, presentProfileCard, type ProfileCard } from './card.presenter';
import { visibleProfileWhere, type Viewer } from './visibility';

/**
 * The only way to read member profiles (a test fails when code elsewhere queries them): every
 * read names its viewer and purpose, and the visibility rule shapes its `where`.
 */
@Injectable()
export class MemberAccess {
  constructor(private readonly prisma: PrismaService) {}

  /** One member's public card, if the viewer may see it; else 404 not_found. */
  async card(viewer: Viewer, profileId: number, now = new Date()): Promise<ProfileCard> {
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'card')] },
      select: PROFILE_CARD_SELECT,
    });
    if (!row) throw new AppError('not_found');
    return presentProfileCard(row, now);
  }

  /** Profiles a list may show the viewer (search, matches), with the caller's filter and order. */
  list<S extends Prisma.ProfileSelect>(
    viewer: Viewer,
    query: {
      where?: Prisma.ProfileWhereInput;
      orderBy?: Prisma.ProfileOrderByWithRelationInput[];
      take: number;
      select: S;
    },
  ): Promise<Prisma.ProfileGetPayload<{ select: S }>[]> {
    return this.prisma.profile.findMany({
      where: { AND: [visibleProfileWhere(viewer, 'list'), query.where ?? {}] },
      orderBy: query.orderBy,
      take: query.take,
      select: query.select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }>[]>;
  }

  /** The viewer's own profile (any state): the one read that needs no visibility rule. */
  own<S extends Prisma.ProfileSelect>(
    userId: number,
    select: S,
  ): Promise<Prisma.ProfileGetPayload<{ select: S }> | null> {
    return this.prisma.profile.findUnique({
      where: { userId },
      select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }> | null>;
  }

  /** Whether the viewer may like, message or send a gift to this member. */
  async canContact(viewer: Viewer, userId: number): Promise<boolean> {
    const found = await this.prisma.profile.count({
      where: { AND: [{ userId }, visibleProfileWhere(viewer, 'contact')] },
    });
    return found > 0;
  }
}
