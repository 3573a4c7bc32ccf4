import { Injectable } from '@nestjs/common';
import { Exports, type ExportStep } from '../export-steps';

/** Mailed links and unsent mails stay out of the export (why: `covers`). */
@Injectable()
@Exports()
export class MailExport implements ExportStep {
  readonly covers = {
    'email_tokens.user_id': 'omit: only hashes of mailed single-use links, security data',
    'mail_intents.user_id': 'omit: mails waiting to be sent; they reach the member as mails',
  } as const;
}
