import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/** Money: bookkeeping stays (tied to a row without personal data); bank details go. */
@Injectable()
@Purges()
export class CreditsPurge implements PurgeStep {
  readonly covers = {
    'payments.user_id': 'keep: bookkeeping (7 years), tied to a row without personal data',
    'credit_ledger.user_id': 'keep: bookkeeping, tied to a row without personal data',
    'discount_redemptions.user_id': 'keep: bookkeeping of a discount given',
    'discount_codes.user_id': 'delete',
    'direct_debit_mandates.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.directDebitMandate.deleteMany({ where: { userId } });
    // a personal code that was used stays with its redemption (bookkeeping)
    await tx.discountCode.deleteMany({ where: { userId, redemptions: { none: {} } } });
  }
}
