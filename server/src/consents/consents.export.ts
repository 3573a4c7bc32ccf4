import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's consent log, in account.json. */
@Injectable()
@Exports()
export class ConsentsExport implements ExportStep {
  readonly covers = {
    // consents: the terms and privacy versions accepted, partner sharing given and revoked (the
    // consent to immediate delivery is on each payment, payments.json)
    'member_consents.user_id': 'file: account.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'account.json': {
          consents: await this.prisma.memberConsent.findMany({
            where: { userId },
            orderBy: { id: 'asc' },
            omit: { userId: true },
          }),
        },
      },
    };
  }
}
