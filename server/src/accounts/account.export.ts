import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The account itself, what it tracked, dismissed and was invited with (account.json), and its
 * notification preferences and push subscriptions (notification_preferences.json).
 */
@Injectable()
@Exports()
export class AccountExport implements ExportStep {
  readonly covers = {
    'tracking_data.user_id': 'file: account.json',
    'notification_preferences.user_id': 'file: notification_preferences.json',
    'push_subscriptions.user_id': 'file: notification_preferences.json',
    'alert_dismissals.user_id': 'file: account.json',
    'invites.created_by_id': 'file: account.json',
    'invites.used_by_id': 'file: account.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    const account = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        status: true,
        language: true,
        credits: true,
        createdAt: true,
        confirmedAt: true,
        notificationsDisabled: true,
        signupIp: true,
        signupDomain: true,
        lastLoginAt: true,
        lastSeenAt: true,
        deletedAt: true,
        deletionStartedAt: true,
        browseUnseen: true,
      },
    });
    return {
      sections: {
        'account.json': {
          account,
          tracking: await this.prisma.trackingData.findUnique(byUser),
          alert_dismissals: await this.prisma.alertDismissal.findMany(byUser),
          invites_created: await this.prisma.invite.findMany({ where: { createdById: userId } }),
          invite_used: await this.prisma.invite.findFirst({ where: { usedById: userId } }),
        },
        'notification_preferences.json': {
          preferences: await this.prisma.notificationPreference.findUnique(byUser),
          push_subscriptions: await this.prisma.pushSubscription.findMany({
            ...byUser,
            select: { id: true, endpoint: true, createdAt: true },
          }),
        },
      },
    };
  }
}
