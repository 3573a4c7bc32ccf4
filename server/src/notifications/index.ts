/** Notification events (chats, likes) and the channels that deliver them (mail, push). */
export { NotificationsModule } from './notifications.module';
export { Notifier, NOTIFY_JOB } from './notifier.service';
export { NotifyProcessor } from './notify.processor';
export { NotificationChannels, type NotificationChannel, type Recipient } from './channels';
export { Recipients } from './recipients.service';
export { PREFERENCE_OF, notifyEvent, type NotifyEvent } from './notify-event';
