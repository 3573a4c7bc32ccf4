import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Sessions and trusted browsers (addresses, user agents) of an erased member. */
@Injectable()
@Purges()
export class AuthPurge implements PurgeStep {
  readonly covers = {
    'sessions.user_id': 'delete',
    'trusted_devices.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.session.deleteMany({ where: { userId } });
    await tx.trustedDevice.deleteMany({ where: { userId } });
  }
}
