/** The mail feature's public API: the outbox other features write mails into. */
export { MailModule } from './mail.module';
export { MailOutbox, type MailIntentInput } from './mail-outbox.service';
export { CREDENTIAL_MAILS, MAIL_TEMPLATES, type MailTemplate } from './mail.templates';
export { MailProcessor } from './mail.processor';
export { MailDelivery } from './mail-delivery.service';
