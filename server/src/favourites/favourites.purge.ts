import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** The member's favourites, and their place in other members' favourites. */
@Injectable()
@Purges()
export class FavouritesPurge implements PurgeStep {
  readonly covers = {
    'favourites.member_id': 'delete',
    'favourites.favourite_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.favourite.deleteMany({
      where: { OR: [{ memberId: userId }, { favouriteId: userId }] },
    });
  }
}
