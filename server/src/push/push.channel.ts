import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { NotificationReads } from '../member-access';
import {
  NotificationChannels,
  PREFERENCE_OF,
  type NotificationChannel,
  type NotifyEvent,
  type Recipient,
} from '../notifications';
import { SettingsService, seesWho } from '../settings';
import { pushOf } from './push-payload';
import { PushSender } from './push-sender';
import { PushSubscriptions } from './push-subscriptions.service';
import type { StoredSubscription } from './push-subscriptions.sql';

/**
 * Web push as a notification channel: a new message, conversation or like goes to every browser
 * the member subscribed, unless the kind's preference is off or a socket of theirs is connected
 * (the open site tells them itself). A subscription the push service says is gone (404, 410) is
 * deleted; any other failure is kept in last_error and logged, and not retried (the next event
 * brings a newer push anyway).
 */
@Injectable()
export class PushChannel implements NotificationChannel, OnModuleInit {
  readonly name = 'push';
  private readonly logger = new Logger('PushChannel');

  constructor(
    private readonly channels: NotificationChannels,
    private readonly sender: PushSender,
    private readonly subscriptions: PushSubscriptions,
    private readonly reads: NotificationReads,
    private readonly settings: SettingsService,
  ) {}

  onModuleInit(): void {
    if (this.sender.enabled) this.channels.register(this);
  }

  async deliver(event: NotifyEvent, recipient: Recipient): Promise<void> {
    if (recipient.online || !recipient.preferences[PREFERENCE_OF[event.kind]]) return;
    const subscriptions = await this.subscriptions.forMember(recipient.userId);
    if (subscriptions.length === 0) return;
    const facts = await this.reads.facts(recipient.userId, event.actorId);
    // blocked or gone since: nothing to tell about them
    if (facts.actorName === null) return;
    // who liked is premium's (free_members_see_likes): a free member's push names nobody
    const anonymous =
      event.kind === 'like' && !seesWho('likes', recipient, await this.settings.stored());
    const { payload, options } = pushOf(event, recipient.language, {
      actorName: facts.actorName,
      badge: facts.badge,
      anonymous,
    });
    const body = JSON.stringify(payload);
    await Promise.all(
      subscriptions.map((subscription) => this.push(subscription, body, options, recipient)),
    );
  }

  private async push(
    subscription: StoredSubscription,
    body: string,
    options: Parameters<PushSender['send']>[2],
    recipient: Recipient,
  ): Promise<void> {
    const outcome = await this.sender.send(subscription, body, options);
    if (!outcome.error) return;
    if (outcome.status === 404 || outcome.status === 410) {
      await this.subscriptions.prune(subscription.id);
      return;
    }
    this.logger.warn(
      `push to a browser of member ${recipient.userId} failed (${new URL(subscription.endpoint).host}): ${outcome.error}`,
    );
    await this.subscriptions.recordError(subscription.id, outcome.error);
  }
}
