import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's boosts (boosts.json; issue 38 item 3), with their region's name. */
@Injectable()
@Exports()
export class BoostsExport implements ExportStep {
  readonly covers = { 'boosts.user_id': 'file: boosts.json' } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      json: {
        'boosts.json': await this.prisma.boost.findMany({
          where: { userId },
          orderBy: { id: 'asc' },
          select: {
            startsAt: true,
            endsAt: true,
            credits: true,
            free: true,
            region: { select: { name: true } },
            createdAt: true,
          },
        }),
      },
    };
  }
}
