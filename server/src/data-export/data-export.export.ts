import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's exports themselves (when asked, ready, done), in account.json. */
@Injectable()
@Exports()
export class DataExportExport implements ExportStep {
  readonly covers = { 'data_exports.user_id': 'file: account.json' } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'account.json': {
          data_exports: await this.prisma.dataExport.findMany({
            where: { userId },
            select: { id: true, status: true, createdAt: true, readyAt: true, finishedAt: true },
          }),
        },
      },
    };
  }
}
