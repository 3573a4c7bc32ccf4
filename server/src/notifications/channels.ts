import { Injectable } from '@nestjs/common';
import type { NotificationDisabledReason } from '../generated/prisma/client';
import type { PreferenceRow } from '../notification-preferences';
import type { NotifyEvent } from './notify-event';

/** The member an event is for, as the worker found them when it took the event. */
export interface Recipient {
  userId: number;
  status: string;
  language: string;
  /** A premium member (who liked them may be named: the site setting free_members_see_likes). */
  paidUser: boolean;
  /** Non-empty: the address bounced, complained or unsubscribed (no notification mail). */
  notificationsDisabled: NotificationDisabledReason[];
  /** The member's notification preferences (notification_preferences; all on when no row). */
  preferences: PreferenceRow;
  /** A socket of the member is connected (realtime Presence): they see it live. */
  online: boolean;
}

/** One way of telling a member (mail, web push): each decides for itself whether to. */
export interface NotificationChannel {
  readonly name: string;
  deliver(event: NotifyEvent, recipient: Recipient): Promise<void>;
}

/**
 * The channels the notify worker hands each event to. A channel's feature registers it when its
 * module starts (onModuleInit), so the notifications feature needs no import of theirs.
 */
@Injectable()
export class NotificationChannels {
  private readonly channels: NotificationChannel[] = [];

  register(channel: NotificationChannel): void {
    if (!this.channels.some((c) => c.name === channel.name)) this.channels.push(channel);
  }

  all(): readonly NotificationChannel[] {
    return this.channels;
  }
}
