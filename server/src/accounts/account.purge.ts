import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * The account itself, last: what it tracked and preferred goes, and the row keeps only what
 * bookkeeping needs (its id, signup date and status `purged`), without an address, password or
 * activity.
 */
@Injectable()
@Purges()
export class AccountPurge implements PurgeStep {
  readonly order = 1000;
  readonly covers = {
    'tracking_data.user_id': 'delete',
    'notification_preferences.user_id': 'delete',
    'push_subscriptions.user_id': 'delete',
    'alert_dismissals.user_id': 'delete',
    'invites.created_by_id': 'keep: an invite code holds no personal data',
    'invites.used_by_id': 'keep: an invite code holds no personal data',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    const byUser = { where: { userId } };
    await tx.trackingData.deleteMany(byUser);
    await tx.pushSubscription.deleteMany(byUser);
    await tx.notificationPreference.deleteMany(byUser);
    await tx.alertDismissal.deleteMany(byUser);
    await tx.user.update({
      where: { id: userId },
      data: {
        status: 'purged',
        email: null,
        passwordHash: null,
        signupIp: null,
        signupDomain: null,
        lastLoginAt: null,
        lastSeenAt: null,
        staffName: null,
        notificationsDisabled: [],
      },
    });
  }
}
