/** SMS infrastructure: one SmsService over the configured transport (twilio, dev outbox or none). */
export { SmsModule } from './sms.module';
export { SmsService, type SmsMessage } from './sms.service';
