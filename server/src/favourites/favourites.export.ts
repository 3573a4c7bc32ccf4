import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's favourites (favourites.json; issue 38); their place in others' lists is not. */
@Injectable()
@Exports()
export class FavouritesExport implements ExportStep {
  readonly covers = {
    'favourites.member_id': 'file: favourites.json',
    'favourites.favourite_id': "omit: another member's private list (GDPR art. 15(4))",
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      json: {
        'favourites.json': await this.prisma.favourite.findMany({
          where: { memberId: userId },
          orderBy: { createdAt: 'asc' },
          select: { favouriteId: true, createdAt: true },
        }),
      },
    };
  }
}
