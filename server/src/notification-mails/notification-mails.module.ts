import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { MailChannel } from './mail-channel';
import { MailgunEvents } from './mailgun-events';
import { MailgunWebhookController } from './mailgun-webhook.controller';
import { NotificationBatchProcessor } from './notification-batch.processor';
import { NotificationBatches } from './notification-batches';
import { NotificationMailsPurge } from './notification-mails.purge';
import { NotificationMailsExport } from './notification-mails.export';
import { NotificationsDisabled } from './notifications-disabled';
import { PeriodicMails } from './periodic-mails';
import { UnreadRemindersTask } from './unread-reminders.task';
import { UnsubscribeController } from './unsubscribe.controller';
import { ListUnsubscribes } from './list-unsubscribes';
import { RetentionMailsTask } from './retention-mails.task';
import { WeeklyUpdateTask } from './weekly-update.task';

/**
 * Mails that bring members back (issue 20): batched notification mails (the mail channel of
 * notifications), unread-message reminders and the weekly update (hourly maintenance tasks),
 * and what turns them off: the one-click unsubscribe and Mailgun's bounce and complaint events.
 * In the app its controllers answer; in the worker its channel, queue and tasks run.
 */
@Module({
  imports: [MailModule, MemberAccessModule, SettingsModule],
  controllers: [UnsubscribeController, MailgunWebhookController],
  providers: [
    MailChannel,
    NotificationBatches,
    NotificationBatchProcessor,
    PeriodicMails,
    UnreadRemindersTask,
    WeeklyUpdateTask,
    RetentionMailsTask,
    ListUnsubscribes,
    NotificationsDisabled,
    MailgunEvents,
    NotificationMailsPurge,
    NotificationMailsExport,
  ],
})
export class NotificationMailsModule {}
