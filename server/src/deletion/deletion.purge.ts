import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * The member's deletion requests (reason kept, remarks erased). Chat messages have their own
 * step (chats/chats.purge.ts), complaints theirs (complaints/complaints.purge.ts).
 */
@Injectable()
@Purges()
export class WritingsPurge implements PurgeStep {
  readonly covers = {
    'deletion_requests.user_id': 'anonymise',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.deletionRequest.updateMany({ where: { userId }, data: { remarks: null } });
  }
}
