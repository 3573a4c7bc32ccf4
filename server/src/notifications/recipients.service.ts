import { Injectable } from '@nestjs/common';
import { PREFERENCE_DEFAULTS, PREFERENCES_SELECT } from '../notification-preferences';
import { PrismaService } from '../prisma/prisma.service';
import { Presence } from '../realtime';
import type { Recipient } from './channels';

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
          paidUser: true,
          notificationsDisabled: true,
          profile: { select: { fictional: true } },
          notificationPreferences: { select: PREFERENCES_SELECT },
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
      paidUser: user.paidUser,
      notificationsDisabled: user.notificationsDisabled,
      preferences: user.notificationPreferences ?? PREFERENCE_DEFAULTS,
      online,
    };
  }
}
