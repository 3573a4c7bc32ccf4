import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * An erased member's statements of reasons and appeals go with the account (they are about
 * the member); where they decided as staff, the row stays without them (the audit log keeps
 * who it was). The transparency report's counts of past periods lose those rows.
 */
@Injectable()
@Purges()
export class StatementsPurge implements PurgeStep {
  readonly covers = {
    'statements.user_id': 'delete',
    'statements.decided_by_id': 'anonymise',
    'appeals.user_id': 'delete',
    'appeals.decided_by_id': 'anonymise',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.appeal.deleteMany({ where: { userId } });
    await tx.statement.deleteMany({ where: { userId } });
    await tx.statement.updateMany({ where: { decidedById: userId }, data: { decidedById: null } });
    await tx.appeal.updateMany({ where: { decidedById: userId }, data: { decidedById: null } });
  }
}
