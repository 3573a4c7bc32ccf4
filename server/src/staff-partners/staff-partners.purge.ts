import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * An erased member's part of the chat partners' console: the notes about them and their care
 * flag go; as staff, their holds go, and the notes and flags they wrote lose their author.
 */
@Injectable()
@Purges()
export class StaffPartnersPurge implements PurgeStep {
  readonly covers = {
    'operator_locks.operator_id': 'delete',
    'operator_notes.member_id': 'delete',
    'operator_notes.author_id': 'anonymise',
    'member_care_flags.user_id': 'delete',
    'member_care_flags.flagged_by_id': 'anonymise',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.operatorLock.deleteMany({ where: { operatorId: userId } });
    await tx.operatorNote.deleteMany({ where: { memberId: userId } });
    await tx.operatorNote.updateMany({ where: { authorId: userId }, data: { authorId: null } });
    await tx.memberCareFlag.deleteMany({ where: { userId } });
    await tx.memberCareFlag.updateMany({
      where: { flaggedById: userId },
      data: { flaggedById: null },
    });
  }
}
