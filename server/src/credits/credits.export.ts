import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/**
 * Money: payments, direct debit mandates and discount codes (payments.json, without the keys
 * that only guard against repeats) and the credits ledger (credit_ledger.json).
 */
@Injectable()
@Exports()
export class CreditsExport implements ExportStep {
  readonly covers = {
    'payments.user_id': 'file: payments.json',
    'credit_ledger.user_id': 'file: credit_ledger.json',
    'discount_redemptions.user_id': 'file: payments.json',
    'discount_codes.user_id': 'file: payments.json',
    'direct_debit_mandates.user_id': 'file: payments.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    return {
      sections: {
        'payments.json': {
          payments: await this.prisma.payment.findMany({
            ...byUser,
            omit: { idempotencyKey: true, checkoutUrl: true },
          }),
          direct_debit_mandates: await this.prisma.directDebitMandate.findMany({
            ...byUser,
            omit: { otpHash: true, otpExpiresAt: true, otpAttempts: true, otpSends: true },
          }),
          personal_discount_codes: await this.prisma.discountCode.findMany(byUser),
          discount_redemptions: await this.prisma.discountRedemption.findMany({
            ...byUser,
            omit: { claimKey: true },
          }),
        },
      },
      json: {
        'credit_ledger.json': await this.prisma.creditLedgerEntry.findMany({
          ...byUser,
          orderBy: { id: 'asc' },
        }),
      },
    };
  }
}
