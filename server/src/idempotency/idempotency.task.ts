import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';
import { PrismaService } from '../prisma/prisma.service';
import { Maintenance, type MaintenanceTask } from '../queue';

/** Hourly: kept answers older than their 24 hours go. */
@Injectable()
@Maintenance('purge-expired-idempotency-records')
export class IdempotencyHousekeepingTask implements MaintenanceTask {
  constructor(private readonly prisma: PrismaService) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const { count } = await this.prisma.idempotencyRecord.deleteMany({
      where: { expiresAt: { lte: now } },
    });
    return { deleted: count };
  }
}

/** Kept answers of an erased member (they may hold an address); no foreign key points here. */
@Injectable()
@Purges()
export class IdempotencyPurge implements PurgeStep {
  readonly covers = {};

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.idempotencyRecord.deleteMany({ where: { scope: `member:${userId}` } });
  }
}
