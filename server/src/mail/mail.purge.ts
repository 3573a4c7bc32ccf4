import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Mailed links and unsent mails (addresses) of an erased member. */
@Injectable()
@Purges()
export class MailPurge implements PurgeStep {
  readonly covers = {
    'email_tokens.user_id': 'delete',
    'mail_intents.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.emailToken.deleteMany({ where: { userId } });
    await tx.mailIntent.deleteMany({ where: { userId } });
  }
}
