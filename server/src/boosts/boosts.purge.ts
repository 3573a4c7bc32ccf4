import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * A member's boosts go; the ledger rows that paid for them stay (bookkeeping), their boost_id
 * emptied by the foreign key (ON DELETE SET NULL).
 */
@Injectable()
@Purges()
export class BoostsPurge implements PurgeStep {
  readonly covers = { 'boosts.user_id': 'delete' } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.boost.deleteMany({ where: { userId } });
  }
}
