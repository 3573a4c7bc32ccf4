import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * The member's postbacks go with them (the rollup, daily_traffic, holds counts per source and no
 * member).
 */
@Injectable()
@Purges()
export class TrafficPurge implements PurgeStep {
  readonly covers = { 'postbacks.user_id': 'delete' } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.postback.deleteMany({ where: { userId } });
  }
}
