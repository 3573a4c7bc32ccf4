/** Notification, reminder and weekly mails, and their unsubscribe and bounce handling. */
export { NotificationMailsModule } from './notification-mails.module';
export { NotificationBatchProcessor } from './notification-batch.processor';
export { UnreadRemindersTask } from './unread-reminders.task';
export { WeeklyUpdateTask } from './weekly-update.task';
export { MAILGUN_MAX_AGE_SECONDS } from './mailgun-events';
export { RetentionMailsTask } from './retention-mails.task';
