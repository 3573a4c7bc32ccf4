import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** Profile visits made, and received without the visitor (visits.json; issue 38). */
@Injectable()
@Exports()
export class VisitsExport implements ExportStep {
  readonly covers = {
    'profile_visits.visitor_id': 'file: visits.json',
    'profile_visits.visited_id':
      'file: visits.json; the visits the member received with their time only, never the visitor (another member, whom it would identify: GDPR art. 15(4))',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      json: {
        'visits.json': {
          made: await this.prisma.profileVisit.findMany({
            where: { visitorId: userId },
            orderBy: { createdAt: 'asc' },
            select: { visitedId: true, createdAt: true },
          }),
          received: await this.prisma.profileVisit.findMany({
            where: { visitedId: userId },
            orderBy: { createdAt: 'asc' },
            select: { createdAt: true },
          }),
        },
      },
    };
  }
}
