import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Presence } from '../realtime';
import type { Recipient } from './channels';

const ALL_ON: Recipient['preferences'] = {
  newConversations: true,
  newMessages: true,
  like: true,
  unreadMessageReminders: true,
  promotions: true,
  weeklyUpdates: true,
  news: true,
  reminders: true,
};

/** Reads the member an event is for: account, preferences and whether a socket is connected. */
@Injectable()
export class Recipients {
  constructor(
    private readonly prisma: PrismaService,
    private readonly presence: Presence,
  ) {}

  async find(userId: number): Promise<Recipient | null> {
    const [user, online] = await Promise.all([
      this.prisma.user.findUnique({
        where: { id: userId },
        select: {
          status: true,
          language: true,
          notificationsDisabled: true,
          profile: { select: { fictional: true } },
          notificationPreferences: {
            select: {
              newConversations: true,
              newMessages: true,
              like: true,
              unreadMessageReminders: true,
              promotions: true,
              weeklyUpdates: true,
              news: true,
              reminders: true,
            },
          },
        },
      }),
      this.presence.isConnected(userId),
    ]);
    // a fictional chat partner's account is the operators': nobody to tell
    if (!user || user.profile?.fictional) return null;
    return {
      userId,
      status: user.status,
      language: user.language,
      notificationsDisabled: user.notificationsDisabled,
      preferences: user.notificationPreferences ?? ALL_ON,
      online,
    };
  }
}
