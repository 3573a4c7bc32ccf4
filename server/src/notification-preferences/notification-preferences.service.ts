import { Injectable } from '@nestjs/common';
import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationSettingsResponse,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** The preference columns: the one list every reader of the preferences selects. */
export const PREFERENCES_SELECT = {
  newConversations: true,
  newMessages: true,
  like: true,
  visits: true,
  unreadMessageReminders: true,
  promotions: true,
  weeklyUpdates: true,
  news: true,
  reminders: true,
} satisfies Prisma.NotificationPreferenceSelect;

export type PreferenceRow = Prisma.NotificationPreferenceGetPayload<{
  select: typeof PREFERENCES_SELECT;
}>;

/**
 * A member without a preferences row (older accounts) is treated as the schema's defaults would
 * make the row: everything on.
 */
export const PREFERENCE_DEFAULTS: PreferenceRow = Object.fromEntries(
  Object.keys(PREFERENCES_SELECT).map((column) => [column, true]),
) as PreferenceRow;

function present(row: PreferenceRow): NotificationPreferences {
  return {
    new_conversations: row.newConversations,
    new_messages: row.newMessages,
    like: row.like,
    visits: row.visits,
    unread_message_reminders: row.unreadMessageReminders,
    promotions: row.promotions,
    weekly_updates: row.weeklyUpdates,
    news: row.news,
    reminders: row.reminders,
  };
}

/** The columns a partial update writes (keys the body does not carry stay as they are). */
function columns(update: NotificationPreferencesUpdate): Partial<PreferenceRow> {
  return {
    newConversations: update.new_conversations,
    newMessages: update.new_messages,
    like: update.like,
    visits: update.visits,
    unreadMessageReminders: update.unread_message_reminders,
    promotions: update.promotions,
    weeklyUpdates: update.weekly_updates,
    news: update.news,
    reminders: update.reminders,
  };
}

/**
 * The member's notification preferences (the row signup makes; made with the defaults, all on,
 * when an older account has none) and the e-mail block a bounce, spam report or unsubscribe set.
 */
@Injectable()
export class NotificationPreferencesService {
  constructor(private readonly prisma: PrismaService) {}

  async get(userId: number): Promise<NotificationSettingsResponse> {
    const [row, user] = await Promise.all([
      this.prisma.notificationPreference.upsert({
        where: { userId },
        create: { userId },
        update: {},
        select: PREFERENCES_SELECT,
      }),
      this.disabled(userId),
    ]);
    return { preferences: present(row), notifications_disabled: user };
  }

  /** Changes the preferences the body names, in one statement. */
  async update(
    userId: number,
    update: NotificationPreferencesUpdate,
  ): Promise<NotificationSettingsResponse> {
    const data = columns(update);
    const [row, user] = await Promise.all([
      this.prisma.notificationPreference.upsert({
        where: { userId },
        create: { ...data, userId },
        update: data,
        select: PREFERENCES_SELECT,
      }),
      this.disabled(userId),
    ]);
    return { preferences: present(row), notifications_disabled: user };
  }

  /** The member asks for e-mail again: the bounce, spam and unsubscribe marks are cleared. */
  async enableEmail(userId: number): Promise<NotificationSettingsResponse> {
    await this.prisma.user.update({ where: { id: userId }, data: { notificationsDisabled: [] } });
    return this.get(userId);
  }

  private async disabled(userId: number) {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { notificationsDisabled: true },
    });
    return user.notificationsDisabled;
  }
}
