/** The mail feature's public API: the outbox other features write mails into. */
export { MailModule } from './mail.module';
export { MailOutbox, type MailIntentInput, type StatementMailParams } from './mail-outbox.service';
export {
  CREDENTIAL_MAILS,
  MAIL_TEMPLATES,
  NOTIFICATION_MAILS,
  type MailTemplate,
  type NotificationMail,
  MAILING_LISTS,
  RETENTION_MAILS,
  type MailingList,
  type RetentionMail,
} from './mail.templates';
export { campaignMailContent, type CampaignMailParams } from './list-mail-content';
export { UnsubscribeTokens, UNSUBSCRIBE_PATH } from './unsubscribe-tokens';
export type { NotificationParams } from './notification-content';
export { renderMail, type MailContent } from './mail-layout';
export { MailProcessor } from './mail.processor';
export { MailDelivery } from './mail-delivery.service';
export { appealUntil } from './statement-dates';
