import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Purges, type PurgeStep, type StoredFile } from '../purge';

/** An erased member's data exports: the rows and any ZIP still stored. */
@Injectable()
@Purges()
export class DataExportPurge implements PurgeStep {
  readonly covers = { 'data_exports.user_id': 'delete' } as const;

  constructor(private readonly prisma: PrismaService) {}

  async files(userId: number): Promise<StoredFile[]> {
    const rows = await this.prisma.dataExport.findMany({
      where: { userId, fileName: { not: null } },
      select: { fileName: true },
    });
    return rows.map((row) => ({ kind: 'exports' as const, name: row.fileName as string }));
  }

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.dataExport.deleteMany({ where: { userId } });
  }
}
