import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { executeStatement } from '../prisma/sql';
import { Purges, type PurgeStep } from '../purge';
import { forgetAuditedMemberStatement, purgeSettingStatement } from './audit.sql';

/**
 * An erased member's staff data: staff sessions, second factor, recovery codes and unfinished
 * sign-ins go; the audit log keeps its rows (who did what, when: the site's accountability,
 * GDPR art. 17(3)(b) and (e)) but loses what they held of the member: the `before`, `after` and
 * `reason` of rows about them are emptied (the one change the log's trigger allows, and only
 * inside the purge's transaction).
 */
@Injectable()
@Purges()
export class AuditPurge implements PurgeStep {
  readonly covers = {
    'staff_sessions.user_id': 'delete',
    'staff_second_factors.user_id': 'delete',
    'staff_recovery_codes.user_id': 'delete',
    'staff_login_challenges.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.staffSession.deleteMany({ where: { userId } });
    await tx.staffSecondFactor.deleteMany({ where: { userId } });
    await tx.staffRecoveryCode.deleteMany({ where: { userId } });
    await tx.staffLoginChallenge.deleteMany({ where: { userId } });
    await executeStatement(tx, purgeSettingStatement(true));
    await executeStatement(tx, forgetAuditedMemberStatement(userId));
    await executeStatement(tx, purgeSettingStatement(false));
  }
}
