import { Injectable } from '@nestjs/common';
import type { FavouriteResponse, FavouritesResponse } from '@app/contract';
import { FavouriteCards, ProfileTargets, type Viewer } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';

/**
 * A member's private list of favourite profiles (issue 38 item 2): nobody else learns of it (no
 * notification, never shown to the favourite). Adding asks the `contact` rule (not oneself, no
 * block either way, an invisible member only for their partners: else 404 as if the profile
 * did not exist); adding twice keeps one row. Removing needs only a page the viewer may open.
 * The list shows favourites under the `list` rule, so blocked, invisible, deleted or banned
 * members drop out of it while that lasts.
 */
@Injectable()
export class FavouritesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly targets: ProfileTargets,
    private readonly cards: FavouriteCards,
  ) {}

  async add(viewer: NonNullable<Viewer>, profileId: number): Promise<FavouriteResponse> {
    const { userId } = await this.targets.contactable(viewer, profileId);
    await this.prisma.favourite.createMany({
      data: [{ memberId: viewer.userId, favouriteId: userId }],
      skipDuplicates: true,
    });
    return { member: profileId, favourite: true };
  }

  async remove(viewer: NonNullable<Viewer>, profileId: number): Promise<FavouriteResponse> {
    const { userId } = await this.targets.openable(viewer, profileId);
    await this.prisma.favourite.deleteMany({
      where: { memberId: viewer.userId, favouriteId: userId },
    });
    return { member: profileId, favourite: false };
  }

  async list(viewer: NonNullable<Viewer>): Promise<FavouritesResponse> {
    const profiles = await this.cards.of(viewer);
    return { ids: profiles.map((card) => card.id), profiles };
  }
}
