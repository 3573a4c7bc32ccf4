import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** The signals that tied an erased member's account to others. */
@Injectable()
@Purges()
export class AccountLinksPurge implements PurgeStep {
  readonly covers = { 'account_signals.user_id': 'delete' } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.accountSignal.deleteMany({ where: { userId } });
  }
}
