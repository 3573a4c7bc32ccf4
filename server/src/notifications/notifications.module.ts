import { Global, Module } from '@nestjs/common';
import { NotificationChannels } from './channels';
import { Notifier } from './notifier.service';
import { NotifyProcessor } from './notify.processor';
import { Recipients } from './recipients.service';

/**
 * Telling members what happened while they were away: features queue events with Notifier;
 * in the worker, NotifyProcessor hands each to the registered channels (mail, web push).
 * Global, as features on both sides of it (chats, likes; mail, push) use it.
 */
@Global()
@Module({
  providers: [Notifier, NotificationChannels, Recipients, NotifyProcessor],
  exports: [Notifier, NotificationChannels, Recipients],
})
export class NotificationsModule {}
