import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** An erased member's consent log goes with them. */
@Injectable()
@Purges()
export class ConsentsPurge implements PurgeStep {
  readonly covers = { 'member_consents.user_id': 'delete' } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.memberConsent.deleteMany({ where: { userId } });
  }
}
