import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Profile visits made and received. */
@Injectable()
@Purges()
export class VisitsPurge implements PurgeStep {
  readonly covers = {
    'profile_visits.visitor_id': 'delete',
    'profile_visits.visited_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.profileVisit.deleteMany({
      where: { OR: [{ visitorId: userId }, { visitedId: userId }] },
    });
  }
}
