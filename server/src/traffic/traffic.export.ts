import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's postbacks, in account.json. */
@Injectable()
@Exports()
export class TrafficExport implements ExportStep {
  readonly covers = { 'postbacks.user_id': 'file: account.json' } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'account.json': {
          // what the network the member came from was told (affiliate postbacks)
          postbacks: await this.prisma.postback.findMany({
            where: { userId },
            orderBy: { id: 'asc' },
            omit: { userId: true },
          }),
        },
      },
    };
  }
}
