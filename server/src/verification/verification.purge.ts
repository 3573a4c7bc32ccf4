import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Purges, type PurgeStep, type StoredFile } from '../purge';

/**
 * An erased member's verification requests go, with any selfie still waiting (its file first);
 * where they decided requests as staff, the row stays without them (the audit log keeps who).
 */
@Injectable()
@Purges()
export class VerificationPurge implements PurgeStep {
  readonly covers = {
    'verification_requests.user_id': 'delete',
    'verification_requests.decided_by_id': 'anonymise',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async files(userId: number): Promise<StoredFile[]> {
    const rows = await this.prisma.verificationRequest.findMany({
      where: { userId, selfieFilename: { not: null } },
      select: { selfieFilename: true },
    });
    return rows.map((row) => ({ kind: 'selfies' as const, name: row.selfieFilename as string }));
  }

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.verificationRequest.deleteMany({ where: { userId } });
    await tx.verificationRequest.updateMany({
      where: { decidedById: userId },
      data: { decidedById: null },
    });
  }
}
