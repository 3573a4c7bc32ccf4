import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member as a provider's customer and their stored payment methods, in payments.json. */
@Injectable()
@Exports()
export class PaymentsExport implements ExportStep {
  readonly covers = {
    'payment_customers.user_id': 'file: payments.json',
    'payment_mandates.user_id': 'file: payments.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    return {
      sections: {
        'payments.json': {
          provider_customers: await this.prisma.paymentCustomer.findMany(byUser),
          stored_payment_methods: await this.prisma.paymentMandate.findMany(byUser),
        },
      },
    };
  }
}
