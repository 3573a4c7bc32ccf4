import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * The member as a provider's customer and the methods stored for repeat orders (a card's last
 * digits, an account number) go; payments, reversals and the ledger stay (bookkeeping).
 */
@Injectable()
@Purges()
export class PaymentsPurge implements PurgeStep {
  readonly covers = {
    'payment_customers.user_id': 'delete',
    'payment_mandates.user_id': 'delete',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.paymentMandate.deleteMany({ where: { userId } });
    await tx.paymentCustomer.deleteMany({ where: { userId } });
  }
}
